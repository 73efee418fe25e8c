import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';

/** A frame received on a raw HTTP/2 connection (RFC 9113 §4.1). */
export interface Frame {
  readonly type: number;
  readonly flags: number;
  readonly streamId: number;
  readonly payload: Buffer;
}

export const FRAME = {
  DATA: 0x0,
  HEADERS: 0x1,
  RST_STREAM: 0x3,
  SETTINGS: 0x4,
  PING: 0x6,
  GOAWAY: 0x7,
} as const;
export const REFUSED_STREAM = 0x7;

const PREFACE = 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n';

function frame(type: number, flags: number, streamId: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(9);
  head.writeUIntBE(payload.length, 0, 3);
  head.writeUInt8(type, 3);
  head.writeUInt8(flags, 4);
  head.writeUInt32BE(streamId, 5);
  return Buffer.concat([head, payload]);
}

/** An HPACK string literal, not Huffman-coded (lengths below 127). */
function literal(value: string): Buffer {
  return Buffer.concat([Buffer.from([value.length]), Buffer.from(value, 'latin1')]);
}

/**
 * A raw HTTP/2 client that sends what it is told, whatever the server's SETTINGS say, as a hostile
 * client would: no flow control, no stream limit, no SETTINGS acknowledgement.
 */
export class RawHttp2Connection {
  readonly frames: Frame[] = [];
  readonly closed: Promise<void>;
  private buffered = Buffer.alloc(0);
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly socket: Socket,
    private readonly scheme: 'http' | 'https',
  ) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.parse();
    });
    socket.on('error', () => undefined); // a reset after GOAWAY is how some refusals end
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.write(
      Buffer.concat([Buffer.from(PREFACE, 'latin1'), frame(FRAME.SETTINGS, 0, 0, Buffer.alloc(0))]),
    );
  }

  /** Opens a connection to 127.0.0.1: h2c, or TLS negotiating h2 and trusting `ca`. */
  static open(port: number, ca?: string): Promise<RawHttp2Connection> {
    return new Promise((resolve, reject) => {
      const socket =
        ca === undefined
          ? connectTcp(port, '127.0.0.1', () => resolve(new RawHttp2Connection(socket, 'http')))
          : connectTls({ port, host: '127.0.0.1', ca, ALPNProtocols: ['h2'] }, () =>
              resolve(new RawHttp2Connection(socket, 'https')),
            );
      socket.once('error', reject);
    });
  }

  /** A GET of `path` on stream `streamId` (odd), headers and end of stream in one frame. */
  get(streamId: number, path: string): void {
    this.socket.write(frame(FRAME.HEADERS, 0x1 | 0x4, streamId, this.headerBlock(0x82, path)));
  }

  /** The HEADERS of a POST to `path` on stream `streamId` (odd); its body is to follow in `data()`. */
  post(streamId: number, path: string): void {
    this.socket.write(frame(FRAME.HEADERS, 0x4, streamId, this.headerBlock(0x83, path)));
  }

  /** A DATA frame of `payload` on stream `streamId`, not the end of its body. */
  data(streamId: number, payload: string): void {
    this.socket.write(frame(FRAME.DATA, 0, streamId, Buffer.from(payload, 'latin1')));
  }

  /** Resets stream `streamId` with error `code` (RST_STREAM): its body never ends. */
  reset(streamId: number, code: number): void {
    const payload = Buffer.alloc(4);
    payload.writeUInt32BE(code, 0);
    this.socket.write(frame(FRAME.RST_STREAM, 0, streamId, payload));
  }

  /**
   * Sends a PING and resolves on its acknowledgement: the server has then handled every frame sent
   * before it.
   */
  async ping(): Promise<void> {
    const payload = Buffer.from('roundtrp', 'latin1');
    const acknowledged = (): boolean =>
      this.frames.some((received) => received.type === FRAME.PING && (received.flags & 0x1) === 1);
    this.socket.write(frame(FRAME.PING, 0, 0, payload));
    await this.until(acknowledged);
  }

  /** Resolves once `condition` holds for the frames received; rejects if the connection closes first. */
  until(condition: () => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (condition()) {
          this.waiters = this.waiters.filter((waiter) => waiter !== check);
          resolve();
        } else if (this.socket.destroyed) {
          reject(
            new Error(
              `The connection closed first; frames: ${JSON.stringify(this.frames.map((f) => f.type))}`,
            ),
          );
        }
      };
      this.waiters.push(check);
      this.socket.once('close', check);
      check();
    });
  }

  /** The error codes of the RST_STREAM frames received. */
  resets(): number[] {
    return this.frames
      .filter((received) => received.type === FRAME.RST_STREAM)
      .map((received) => received.payload.readUInt32BE(0));
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** A request's header block: `method` (an indexed static-table field), the scheme, `path` and authority. */
  private headerBlock(method: number, path: string): Buffer {
    return Buffer.concat([
      Buffer.from([method, this.scheme === 'http' ? 0x86 : 0x87]), // :method, :scheme (static table)
      Buffer.from([0x04]), // :path, literal without indexing
      literal(path),
      Buffer.from([0x01]), // :authority, literal without indexing
      literal('localhost'),
    ]);
  }

  private parse(): void {
    while (this.buffered.length >= 9) {
      const length = this.buffered.readUIntBE(0, 3);
      if (this.buffered.length < 9 + length) break;
      this.frames.push({
        type: this.buffered.readUInt8(3),
        flags: this.buffered.readUInt8(4),
        streamId: this.buffered.readUInt32BE(5) & 0x7fffffff,
        payload: this.buffered.subarray(9, 9 + length),
      });
      this.buffered = this.buffered.subarray(9 + length);
    }
    for (const waiter of [...this.waiters]) waiter();
  }
}
