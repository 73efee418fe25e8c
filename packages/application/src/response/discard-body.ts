import { isResponse } from './any-response';
import { isWebStream } from './body-stream';
import { type LightBody, LightResponse } from './light-response';

/** What becomes of the error of a body nobody reads any more (a file that fails to open, say). */
export type BodyErrorReporter = (error: unknown) => void;

const ignore: BodyErrorReporter = () => undefined;

/** A Node stream, recognised by shape so the core needs no `node:stream`. */
interface Destroyable {
  on(event: 'error', listener: (error: unknown) => void): unknown;
  destroy(): unknown;
}

function isDestroyable(value: object): value is Destroyable {
  const candidate = value as Partial<Destroyable>;
  return typeof candidate.destroy === 'function' && typeof candidate.on === 'function';
}

/**
 * Releases a body that will not be sent: destroys a Node stream (a file stream closes its descriptor;
 * a `Readable.from(iterable)` calls the iterator's `return()`), cancels a web stream, and ends any
 * other async iterable (its iterator's `return()`). A Node stream's later `'error'` (a file that
 * cannot be opened emits one even once destroyed) goes to `report`, so it can never become an
 * uncaught exception.
 */
export function discardBody(raw: LightBody, report: BodyErrorReporter = ignore): void {
  if (raw === null || typeof raw !== 'object' || raw instanceof Uint8Array) return;
  if (isDestroyable(raw)) {
    raw.on('error', report);
    raw.destroy();
  } else if (isWebStream(raw)) {
    void raw.cancel().catch(report);
  } else if (Symbol.asyncIterator in raw) {
    void Promise.resolve(raw[Symbol.asyncIterator]().return?.()).catch(report);
  }
}

/**
 * Releases the body of a response that will not be sent (a late answer, a failed one); never throws,
 * whatever the value (a revoked Proxy, a getter that throws).
 */
export function discardResponse(response: unknown, report: BodyErrorReporter = ignore): void {
  try {
    if (response instanceof LightResponse) discardBody(response.rawBody, report);
    else if (isResponse(response)) void response.body?.cancel().catch(report);
  } catch {
    // nothing more can be done for a body that cannot even be cancelled
  }
}
