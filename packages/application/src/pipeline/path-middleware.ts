import { parsePathTemplate, type PathTemplate } from '@framework/router-contract';
import { ApplicationError } from '../errors/application-error';
import type { ServerRequest } from '../http/server-request';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import { isTrusted, trust } from './ensure-response';
import type { RequestHandler, ServerMiddleware } from './types';

/**
 * Normalises a `pipe(path, …)` prefix: it must start with `/`; a trailing `/` is dropped; `'/'` (or
 * `''`) gives `''`, meaning "every path". Its text is read as a route's literal text is
 * (`parsePathTemplate`): outside ASCII it is percent-encoded as clients send it (`/café` is compared
 * as `/caf%C3%A9`, the path the `/café` routes match), and what no request path can hold (whitespace,
 * a control character, a placeholder) is refused.
 */
export function normalizePrefix(path: string): string {
  if (typeof path !== 'string' || (path !== '' && !path.startsWith('/')) || /[?#]/.test(path)) {
    throw invalidPrefix(path, 'is not a literal path: give a prefix such as "/api" (no "?" or "#").');
  }
  const encoded = path === '' ? '' : literalText(path);
  let end = encoded.length;
  while (end > 0 && encoded.charCodeAt(end - 1) === 47) end--;
  return encoded.slice(0, end);
}

/** The prefix as a route template's literal text: encoded outside ASCII, or refused. */
function literalText(path: string): string {
  let template: PathTemplate;
  try {
    template = parsePathTemplate(path);
  } catch (error) {
    throw invalidPrefix(
      path,
      `cannot match a request path, read as a route's text: ${(error as Error).message}`,
    );
  }
  if (!template.isStatic) {
    throw invalidPrefix(path, 'holds a placeholder: a prefix is literal text; match params in a route.');
  }
  return template.source;
}

function invalidPrefix(path: string, reason: string): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_PIPE_INVALID_PATH',
    `pipe() path ${JSON.stringify(path)} ${reason}`,
  );
}

/** Whether `path` is `prefix` or lies below it (segment boundary: `/apix` is not under `/api`). */
export function isUnderPrefix(path: string, prefix: string): boolean {
  return path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 47);
}

/** The request as the middleware under `prefix` sees it: the prefix moves from `path` to `basePath`. */
export function belowPrefix(request: ServerRequest, prefix: string): ServerRequest {
  const path = request.path;
  return request.withPath(
    path.length === prefix.length ? '/' : path.slice(prefix.length),
    request.basePath + prefix,
  );
}

/** Hands the outer path back when the nested middleware delegates to the outer pipeline. */
export class PathRestoringHandler implements RequestHandler {
  constructor(
    protected readonly next: RequestHandler,
    protected readonly path: string,
    protected readonly basePath: string,
  ) {}

  handle(request: ServerRequest): MaybePromise<AnyResponse> {
    return this.next.handle(request.withPath(this.path, this.basePath));
  }
}

/**
 * Runs `middleware` only for paths under `prefix`, with the prefix removed (`/api` itself is seen as
 * `/`) and added to `request.basePath`; other requests go straight to the next handler.
 *
 * @example
 * new MiddlewarePipe().pipe(new PathMiddleware('/api', apiApp));
 */
export class PathMiddleware implements ServerMiddleware {
  readonly prefix: string;

  constructor(
    prefix: string,
    readonly middleware: ServerMiddleware,
  ) {
    this.prefix = normalizePrefix(prefix);
    if (isTrusted(middleware)) trust(this);
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    const path = request.path;
    if (!isUnderPrefix(path, this.prefix)) return handler.handle(request);
    const inner = belowPrefix(request, this.prefix);
    return this.middleware.process(inner, new PathRestoringHandler(handler, path, request.basePath));
  }
}
