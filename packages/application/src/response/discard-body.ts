import { Readable } from 'node:stream';
import type { AnyResponse } from './any-response';
import { type LightBody, LightResponse } from './light-response';

/** Releases a body that will not be sent: destroys a Node stream, cancels a web stream. */
export function discardBody(raw: LightBody): void {
  if (raw instanceof Readable) raw.destroy();
  else if (raw !== null && typeof raw === 'object' && 'cancel' in raw)
    void raw.cancel().catch(() => undefined);
}

/** Releases the body of a response that will not be sent (a late answer); never throws. */
export function discardResponse(response: AnyResponse): void {
  try {
    if (response instanceof LightResponse) discardBody(response.rawBody);
    else void response.body?.cancel().catch(() => undefined);
  } catch {
    // nothing more can be done for a body that cannot even be cancelled
  }
}
