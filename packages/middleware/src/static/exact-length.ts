import { Transform, type TransformCallback } from 'node:stream';

/**
 * Passes bytes through and fails the stream when it ends with fewer than `expected` bytes (a file
 * that shrank while it was sent). The answer already said `Content-Length: expected`, so the only
 * honest end is an error: the listener then closes the connection instead of ending a short body,
 * which a client would read into the next answer on the connection.
 */
export class ExactLengthStream extends Transform {
  private received = 0;

  constructor(private readonly expected: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.received >= this.expected) callback();
    else
      callback(new Error(`The file shrank while it was sent: ${this.received} of ${this.expected} bytes.`));
  }
}
