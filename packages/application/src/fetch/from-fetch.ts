import { ApplicationError } from '../errors/application-error';
import type { ServerRequest } from '../http/server-request';
import { declaredTooLarge, tooLarge } from '../http/read-body';
import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import type { AnyResponse } from '../response/any-response';
import { problemResponse } from '../response/error-response';
import type { ExecutionContext } from './platform';
import { foreignPathProblem } from './foreign-path';
import { originOf } from './web-url';

/**
 * Any WHATWG fetch handler: a Hono app's `fetch`, a module worker's `fetch`, `(request) => Response`.
 * It receives the request, then the platform's `env` and `executionContext` when there are any.
 */
export type FetchHandler = (
  request: Request,
  // `any`, so handlers that type their bindings (`Env`, Hono's `ExecutionContext`) fit as they are.
  env?: any,
  executionContext?: any,
) => Response | Promise<Response>;

const NO_BODY_METHODS = new Set(['GET', 'HEAD']);
/** Methods a WHATWG `Request` cannot carry (the Fetch Standard's forbidden methods). */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * Turns a WHATWG fetch handler into middleware, to mount another framework's application (or a worker)
 * under a path: `app.pipe('/legacy', fromFetch(hono.fetch))`. The handler sees the request as our own
 * mounted applications do: with the mount prefix removed from the URL's path (`/legacy` and
 * `/legacy/` are `/`, `/legacy/users/7?x=1` is `/users/7?x=1`), the method this level sees, the same
 * headers and signal, and the module worker's `env` and `executionContext` when the request came with
 * them. Its answer is returned as it is, a 404 included: the rest of the pipeline is not asked. A path
 * the handler could take for another one is answered 400 (`FRAMEWORK_ERR_REQUEST_MALFORMED_URL`)
 * without calling it: a dot segment (`..`, `%2e`) or a `\`, which its URL resolves, and a
 * percent-escape not in canonical form (`%61` for `a`, lower-case hex), which frameworks decode before
 * routing. Our routing reads those as text, so a guard piped at `/legacy/admin` would not see
 * `/legacy/x/../admin` or `/legacy/%61dmin`, which the handler would take for `/admin`. CONNECT,
 * TRACE and TRACK, which no `Request` can carry, answer 501 without calling it.
 *
 * The body is streamed through, not buffered, when the runtime delivered a WHATWG `Request` whose body
 * nobody has read yet; otherwise (the Node listener, or middleware read it first) it comes from the
 * request's one shared read. Either way the body limit holds: a declared `Content-Length` over it is a
 * 413 before the handler runs, and a body that grows past it errors the handler's stream and answers 413.
 */
export function fromFetch(handler: FetchHandler): ServerMiddleware {
  if (typeof handler !== 'function') {
    throw new ApplicationError(
      'FRAMEWORK_ERR_FETCH_HANDLER_INVALID',
      `fromFetch() needs a fetch handler, (request) => Response, such as a Hono app's fetch; got ${describe(handler)}.`,
    );
  }
  return new FetchHandlerMiddleware(handler);
}

class FetchHandlerMiddleware implements ServerMiddleware {
  constructor(private readonly handler: FetchHandler) {}

  async process(request: ServerRequest, _next: RequestHandler): Promise<AnyResponse> {
    if (FORBIDDEN_METHODS.has(request.method.toUpperCase())) return unsupportedMethod(request.method);
    const problem = foreignPathProblem(request.path);
    if (problem !== undefined) throw pathTakenElsewhere(request.path, problem);
    const { env, executionContext } = request.platform;
    const limit = new BodyLimit(request.bodyLimit);
    const response = await this.call(foreignRequest(request, limit), env, executionContext);
    if (limit.exceeded) {
      void response.body?.cancel().catch(() => undefined);
      throw tooLarge(limit.bytes);
    }
    return response;
  }

  private call(request: Request, env: unknown, context: ExecutionContext | undefined) {
    return env === undefined && context === undefined
      ? this.handler(request)
      : this.handler(request, env, context);
  }
}

/**
 * Counts the bytes the foreign handler reads and errors its stream past the limit; remembers whether
 * the limit was passed (here, or by the request's shared read) so the answer is our 413.
 */
class BodyLimit {
  exceeded = false;

  constructor(readonly bytes: number) {}

  wrap(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    const reader = body.getReader();
    let seen = 0;
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        const chunk = await reader.read().catch((error: unknown) => {
          if ((error as { code?: unknown } | null)?.code === 'FRAMEWORK_ERR_BODY_TOO_LARGE')
            this.exceeded = true;
          throw error;
        });
        if (chunk.done) return controller.close();
        seen += chunk.value.byteLength;
        if (seen <= this.bytes) return controller.enqueue(chunk.value);
        this.exceeded = true;
        void reader.cancel().catch(() => undefined);
        controller.error(tooLarge(this.bytes));
      },
      cancel: (reason) => reader.cancel(reason),
    });
  }
}

/**
 * The request the foreign handler sees: this level's method and path with the original origin and
 * query, the same headers and signal, the body behind the limit.
 */
function foreignRequest(request: ServerRequest, limit: BodyLimit): Request {
  const original = request.platform.request;
  const method = request.method;
  if (original === undefined || original.bodyUsed) {
    if (declaredTooLarge(request.header('content-length'), limit.bytes)) throw tooLarge(limit.bytes);
    const copy = request.toRequest(); // headers converted, body from the shared read
    if (copy.body === null) return copy;
    return new Request(copy.url, init(method, copy.headers, request.signal, limit.wrap(copy.body)));
  }
  const search = request.search;
  const url = originOf(request.url) + request.path + (search === '' ? '' : `?${search}`);
  if (NO_BODY_METHODS.has(method) || original.body === null) {
    return new Request(url, { method, headers: original.headers, signal: original.signal });
  }
  if (declaredTooLarge(original.headers.get('content-length'), limit.bytes)) throw tooLarge(limit.bytes);
  return new Request(url, init(method, original.headers, original.signal, limit.wrap(original.body)));
}

/** The 501 of a method no WHATWG `Request` can carry: the handler cannot be called, and nothing failed. */
function unsupportedMethod(method: string): AnyResponse {
  return problemResponse(501, `A fetch handler mounted with fromFetch() cannot receive a ${method} request.`);
}

/**
 * The 400 of a path the handler could take for another one: `/legacy/x/../admin` or `/legacy/%61dmin`
 * would reach it as `/admin`, past whatever the application pipes at `/legacy/admin`.
 */
function pathTakenElsewhere(path: string, problem: string): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_REQUEST_MALFORMED_URL',
    `The request path ${JSON.stringify(path)} ${problem}. Send the path resolved, with escapes only where needed, in upper-case hex.`,
  );
}

function init(method: string, headers: Headers, signal: AbortSignal, body: ReadableStream): RequestInit {
  return { method, headers, signal, body, duplex: 'half' } as RequestInit;
}

function describe(value: unknown): string {
  return value === null ? 'null' : typeof value === 'object' ? 'an object' : typeof value;
}
