import type { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { bodyTooLarge, requestAborted } from '@framework/application/server-kit';

/**
 * Reads `body` to its end into one Buffer, rejecting with 413 once `limit` bytes are exceeded (the
 * rest is then read and dropped), and with `requestAborted` when it fails, when it closes before
 * `isComplete()` holds, or when `cut` emits `cutEvent` before then (its connection closes, or it is
 * aborted).
 */
export function collectBody(
  body: Readable,
  limit: number,
  isComplete: () => boolean,
  cut?: EventEmitter,
  cutEvent = 'close',
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('close', onClose);
      cut?.off(cutEvent, onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        body.resume(); // discard what arrives until the 413 is written and the connection closed
        reject(bodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(requestAborted(error));
    };
    const onClose = (): void => {
      if (isComplete()) return;
      cleanup();
      reject(requestAborted(undefined));
    };
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
    body.on('close', onClose);
    cut?.on(cutEvent, onClose);
  });
}
