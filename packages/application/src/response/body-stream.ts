import { concatBytes } from '../http/read-body';

/** Whether `value` is a web `ReadableStream` (by shape, so a stream of another realm counts too). */
export function isWebStream(value: unknown): value is ReadableStream<Uint8Array> {
  return typeof (value as { getReader?: unknown } | null)?.getReader === 'function';
}

/**
 * A web `ReadableStream` of bytes, an async iterable (a Node `Readable`) or a web stream: the web
 * stream itself, or one that pulls the iterable; cancelling it calls the iterator's `return()`, which
 * destroys a Node stream.
 */
export function bodyStreamOf(
  body: Uint8Array | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
): ReadableStream<Uint8Array> {
  if (isWebStream(body)) return body;
  if (body instanceof Uint8Array) {
    return new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(body);
        controller.close();
      },
    });
  }
  let iterator: AsyncIterator<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      iterator ??= body[Symbol.asyncIterator]();
      const { done, value } = await iterator.next();
      if (done === true) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      iterator ??= body[Symbol.asyncIterator]();
      await iterator.return?.();
    },
  });
}

/** Reads a web stream to its end, into one Uint8Array. */
export async function readAllBytes(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return concatBytes(chunks, size);
    chunks.push(value);
    size += value.byteLength;
  }
}
