import {
  type AnyResponse,
  EmptyResponse,
  type RequestHandler,
  type ServerMiddleware,
  type ServerRequest,
} from '@framework/application';
import { editHeaders, type EditableHeaders } from '../shared/edit-headers';
import { appendVary } from '../shared/vary';
import { type CorsOptions, type CorsSettings, corsSettings } from './cors-options';

/** Longest `Access-Control-Request-Headers` value reflected into a preflight answer. */
const MAX_REQUEST_HEADERS_LENGTH = 1024;
const HEADER_LIST = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+(?:[ \t]*,[ \t]*[!#$%&'*+\-.^_`|~0-9A-Za-z]+)*$/;

/**
 * Cross-origin resource sharing. Answers preflights itself (204 with the `Access-Control-*` headers),
 * so pipe it before the routing middleware: a path without an OPTIONS route is covered too. Other
 * requests go on, and their answer gets `Access-Control-Allow-Origin` when the origin is allowed (with
 * `'*'`, every answer, with or without `Origin`). A refused origin gets no CORS headers at all, so the
 * browser keeps the answer from the page. Answers that depend on the origin say `Vary: Origin`.
 */
export class CorsMiddleware implements ServerMiddleware {
  private readonly settings: CorsSettings;

  constructor(options?: CorsOptions) {
    this.settings = corsSettings(options);
  }

  async process(request: ServerRequest, handler: RequestHandler): Promise<AnyResponse> {
    const origin = request.header('origin');
    const preflight =
      request.method === 'OPTIONS' &&
      origin !== undefined &&
      request.header('access-control-request-method') !== undefined;
    if (origin === undefined && !this.settings.anyOrigin)
      return this.varyOnOrigin(await handler.handle(request));
    const allowed = origin === undefined || (await this.settings.isAllowed(origin, request));
    if (preflight) return this.preflight(request, allowed ? origin : undefined);
    // With '*' every answer carries `Access-Control-Allow-Origin: *`, requests without Origin included,
    // so a shared cache that stored one of those still serves the header to a cross-origin page.
    const response = await handler.handle(request);
    return editHeaders(response, (headers) => {
      if (!this.settings.anyOrigin) appendVary(headers, 'Origin');
      if (!allowed) return;
      this.allowOrigin(headers, origin ?? '*');
      if (this.settings.exposeHeaders)
        headers.set('access-control-expose-headers', this.settings.exposeHeaders);
    });
  }

  private preflight(request: ServerRequest, origin: string | undefined): AnyResponse {
    const response = new EmptyResponse();
    const headers = response.headers;
    if (!this.settings.anyOrigin) appendVary(headers, 'Origin');
    if (this.settings.allowHeaders === undefined) appendVary(headers, 'Access-Control-Request-Headers');
    if (origin === undefined) return response;
    this.allowOrigin(headers, origin);
    headers.set('access-control-allow-methods', this.settings.methods);
    const allowHeaders = this.settings.allowHeaders ?? reflectedHeaders(request);
    if (allowHeaders) headers.set('access-control-allow-headers', allowHeaders);
    if (this.settings.maxAge !== undefined) headers.set('access-control-max-age', this.settings.maxAge);
    return response;
  }

  private allowOrigin(headers: EditableHeaders, origin: string): void {
    headers.set('access-control-allow-origin', this.settings.anyOrigin ? '*' : origin);
    if (this.settings.credentials) headers.set('access-control-allow-credentials', 'true');
  }

  private varyOnOrigin(response: AnyResponse): AnyResponse {
    return this.settings.anyOrigin
      ? response
      : editHeaders(response, (headers) => appendVary(headers, 'Origin'));
  }
}

/** The headers a preflight asks for, when they form a short list of tokens; else none. */
function reflectedHeaders(request: ServerRequest): string | undefined {
  const asked = request.header('access-control-request-headers')?.trim();
  if (!asked || asked.length > MAX_REQUEST_HEADERS_LENGTH || !HEADER_LIST.test(asked)) return undefined;
  return asked;
}

/**
 * CORS middleware; see `CorsMiddleware`.
 *
 * @example
 * app.pipe(cors({ origin: ['https://app.example.com'], credentials: true, maxAge: 600 }));
 * app.pipeRoutingMiddleware();
 */
export function cors(options?: CorsOptions): CorsMiddleware {
  return new CorsMiddleware(options);
}
