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
  CONTINUATION: 0x9,
} as const;
export const REFUSED_STREAM = 0x7;

/** A header field as a raw client sends it: any name (pseudo-headers included), any value. */
export type Field = readonly [name: string, value: string];

const END_STREAM = 0x1;
const END_HEADERS = 0x4;
/** The largest frame payload a peer must accept (SETTINGS_MAX_FRAME_SIZE's initial value). */
const MAX_FRAME_PAYLOAD = 16_384;

const PREFACE = 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n';

function frame(type: number, flags: number, streamId: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(9);
  head.writeUIntBE(payload.length, 0, 3);
  head.writeUInt8(type, 3);
  head.writeUInt8(flags, 4);
  head.writeUInt32BE(streamId, 5);
  return Buffer.concat([head, payload]);
}

/** The pseudo-headers of a request as a well-behaved client sends them, `:authority` localhost. */
export function requestFields(scheme: 'http' | 'https', method: string, path: string): Field[] {
  return [
    [':method', method],
    [':scheme', scheme],
    [':path', path],
    [':authority', 'localhost'],
  ];
}

/** How a stream ended: the text of its DATA frames, and the error code of its RST_STREAM if it was reset. */
export interface StreamEnd {
  readonly body: string;
  readonly reset: number | undefined;
  /** Whether any DATA frame came (HEAD answers must have none). */
  readonly hasData: boolean;
}

/** An HPACK integer (RFC 7541 §5.1) with a `prefixBits`-bit prefix, `first` holding the bits above it. */
function hpackInteger(value: number, prefixBits: number, first = 0): Buffer {
  const max = (1 << prefixBits) - 1;
  if (value < max) return Buffer.from([first | value]);
  const bytes = [first | max];
  let rest = value - max;
  for (; rest >= 128; rest = Math.floor(rest / 128)) bytes.push((rest % 128) + 128);
  bytes.push(rest);
  return Buffer.from(bytes);
}

/** An HPACK string literal, not Huffman-coded. */
function literal(value: string): Buffer {
  const bytes = Buffer.from(value, 'latin1');
  return Buffer.concat([hpackInteger(bytes.length, 7), bytes]);
}

/** A header block of literal fields without indexing and with new names (RFC 7541 §6.2.2). */
function literalBlock(fields: readonly Field[]): Buffer {
  return Buffer.concat(
    fields.flatMap(([name, value]) => [Buffer.from([0x00]), literal(name), literal(value)]),
  );
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

  /**
   * A HEADERS frame (and CONTINUATION frames past 16 KiB) of exactly `fields` on stream `streamId`:
   * a request's headers, or its trailers. Ends the stream unless `endStream` is false.
   */
  headers(streamId: number, fields: readonly Field[], { endStream = true } = {}): void {
    const block = literalBlock(fields);
    const parts: Buffer[] = [];
    for (let start = 0; start < block.length || parts.length === 0; start += MAX_FRAME_PAYLOAD) {
      parts.push(block.subarray(start, start + MAX_FRAME_PAYLOAD));
    }
    parts.forEach((part, index) => {
      const last = index === parts.length - 1 ? END_HEADERS : 0;
      const type = index === 0 ? FRAME.HEADERS : FRAME.CONTINUATION;
      const flags = last | (index === 0 && endStream ? END_STREAM : 0);
      this.socket.write(frame(type, flags, streamId, part));
    });
  }

  /** A DATA frame of `payload` on stream `streamId`, the end of its body when `endStream`. */
  data(streamId: number, payload: string, { endStream = false } = {}): void {
    this.socket.write(
      frame(FRAME.DATA, endStream ? END_STREAM : 0, streamId, Buffer.from(payload, 'latin1')),
    );
  }

  /** Any frame, as given. */
  frame(type: number, flags: number, streamId: number, payload: Buffer): void {
    this.socket.write(frame(type, flags, streamId, payload));
  }

  /** Stops reading what the server sends, as a client that never reads its answers. */
  stopReading(): void {
    this.socket.pause();
  }

  /** Reads again after `stopReading()`. */
  resumeReading(): void {
    this.socket.resume();
  }

  /** Whether the connection has closed (the server ended it, or `destroy()`). */
  isClosed(): boolean {
    return this.socket.destroyed;
  }

  /** The frames received on stream `streamId`. */
  framesOf(streamId: number): Frame[] {
    return this.frames.filter((received) => received.streamId === streamId);
  }

  /**
   * Resolves once stream `streamId` has ended (a frame with END_STREAM, or a RST_STREAM); the status is
   * not decoded (HPACK), the body is text.
   */
  async end(streamId: number): Promise<StreamEnd> {
    const ended = (): boolean =>
      this.framesOf(streamId).some(
        (received) => received.type === FRAME.RST_STREAM || (received.flags & END_STREAM) !== 0,
      );
    await this.until(ended);
    const frames = this.framesOf(streamId);
    const data = frames.filter((received) => received.type === FRAME.DATA);
    const reset = frames.find((received) => received.type === FRAME.RST_STREAM);
    return {
      body: Buffer.concat(data.map((received) => received.payload)).toString('utf8'),
      reset: reset?.payload.readUInt32BE(0),
      hasData: data.length > 0,
    };
  }

  /**
   * How stream `streamId` was refused: its RST_STREAM code, or, where nghttp2 takes the fault as the
   * whole connection's (as Node 22 and 24 do for DATA past a Content-Length), the GOAWAY code, once
   * either arrives or the connection closes.
   */
  async refusal(streamId: number): Promise<{ readonly reset?: number; readonly goaway?: number }> {
    const resetFrame = () => this.framesOf(streamId).find((received) => received.type === FRAME.RST_STREAM);
    await this.until(() => resetFrame() !== undefined || this.goaways().length > 0).catch(() => undefined);
    return { reset: resetFrame()?.payload.readUInt32BE(0), goaway: this.goaways()[0] };
  }

  /** The error codes of the GOAWAY frames received. */
  goaways(): number[] {
    return this.frames
      .filter((received) => received.type === FRAME.GOAWAY)
      .map((received) => received.payload.readUInt32BE(4));
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
