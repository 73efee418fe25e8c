import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { LightBody } from '@framework/application';

/**
 * Files up to this size are read into memory in one read: fewer trips to the libuv pool than a read
 * stream takes, and the listener sends them with one `end()`. Larger files are streamed, so memory
 * stays bounded whatever their size.
 */
export const IN_MEMORY_FILE_LIMIT = 64 * 1024;

/** Bytes `start` to `end` (inclusive) of a file: read at once when small, else a read stream. */
export async function fileBody(path: string, start: number, end: number): Promise<LightBody> {
  const length = end - start + 1;
  if (length > IN_MEMORY_FILE_LIMIT) return createReadStream(path, { start, end });
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(length);
    const { bytesRead } = await file.read(buffer, 0, length, start);
    return bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
