import { pipeline } from 'node:stream';
import type { LightBody } from '@framework/application';
import { ExactLengthStream } from './exact-length';
import type { OpenFile } from './open-file';

/**
 * Files up to this size are read into memory in one read: fewer trips to the libuv pool than a read
 * stream takes, and the listener sends them with one `end()`. Larger files are streamed, so memory
 * stays bounded whatever their size.
 */
export const IN_MEMORY_FILE_LIMIT = 64 * 1024;

/**
 * Bytes `start` to `end` (inclusive) of an open file, which this takes over (it is closed when read,
 * or when the stream ends or is destroyed): read at once when small, else a read stream that fails
 * if the file gives fewer bytes than asked for.
 */
export async function fileBody(file: OpenFile, start: number, end: number): Promise<LightBody> {
  const length = end - start + 1;
  if (length > IN_MEMORY_FILE_LIMIT) {
    const stream = file.handle.createReadStream({ start, end });
    return pipeline(stream, new ExactLengthStream(length), () => undefined);
  }
  try {
    const buffer = Buffer.allocUnsafe(length);
    const { bytesRead } = await file.handle.read(buffer, 0, length, start);
    return bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
  } finally {
    await file.handle.close();
  }
}
