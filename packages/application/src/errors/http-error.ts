import { checkOptionKeys, optionKeys } from '../application/option-keys';
import { statusText } from '../response/status-text';

/** Options of `new HttpError(status, message, options)`. */
export interface HttpErrorOptions {
  /** Whether the message reaches the client outside development mode (default: true for 4xx, false for 5xx). */
  readonly expose?: boolean;
  /** Headers the error answer carries (for example `WWW-Authenticate` on a 401). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The error that led to this one (kept for `onError`, never sent). */
  readonly cause?: unknown;
}

const HTTP_ERROR_OPTION_KEYS = optionKeys<HttpErrorOptions>({ expose: true, headers: true, cause: true });

/**
 * An error a handler or middleware throws to answer with a status: the application turns it into a
 * problem-details answer with that status. The message is shown only when `expose` is true (by default
 * for 4xx, like `http-errors`); 5xx errors are reported to `onError`.
 *
 * @example
 * app.get('/post/{id}', async (request) => {
 *   const post = await posts.find(request.params.id);
 *   if (post === undefined) throw new HttpError(404, `No post ${request.params.id}.`);
 *   return new JsonResponse(post);
 * });
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly expose: boolean;
  readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(status: number, message?: string, options: HttpErrorOptions = {}) {
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new RangeError(`HttpError needs a status from 400 to 599, got ${String(status)}.`);
    }
    checkOptionKeys('new HttpError()', options, HTTP_ERROR_OPTION_KEYS);
    super(message ?? statusText(status) ?? 'Error', { cause: options.cause });
    this.status = status;
    this.expose = options.expose ?? status < 500;
    this.headers = options.headers;
  }
}
