import { connect, type Socket } from 'node:net';

/** What came back for a hand-written request: the status line, lower-case headers and the raw body. */
export interface RawAnswer {
  readonly statusLine: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Sends `requestLine` and `headers` by hand over a fresh connection to 127.0.0.1 (with
 * `Connection: close`) and reads the answer until the server closes it; fails after `timeoutMs`.
 */
export function rawRequest(
  origin: string,
  requestLine: string,
  headers: readonly string[] = ['Host: localhost'],
  timeoutMs = 5_000,
): Promise<RawAnswer> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(
        new Error(`No complete answer to ${JSON.stringify(requestLine)} within ${timeoutMs} ms`),
      ),
    );
    socket.on('connect', () =>
      socket.end(`${requestLine}\r\n${[...headers, 'Connection: close'].join('\r\n')}\r\n\r\n`),
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) {
        reject(new Error(`Incomplete answer to ${JSON.stringify(requestLine)}: ${JSON.stringify(text)}`));
        return;
      }
      const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        parsed[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        statusLine,
        status: Number(statusLine.split(' ')[1]),
        headers: parsed,
        body: text.slice(end + 4),
      });
    });
  });
}

/**
 * Writes `bytes` to a fresh connection to 127.0.0.1 and keeps it open from this side (no half-close),
 * as a client that still has more to send would. `closed` resolves with everything received once the
 * server closes the connection; it rejects after `timeoutMs`.
 */
export function openConnection(
  origin: string,
  bytes: string,
  timeoutMs = 5_000,
): { socket: Socket; received: () => string; closed: Promise<string> } {
  const socket = connect(Number(new URL(origin).port), '127.0.0.1');
  const chunks: Buffer[] = [];
  const received = (): string => Buffer.concat(chunks).toString('utf8');
  const closed = new Promise<string>((resolve, reject) => {
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`The server did not close the connection within ${timeoutMs} ms`)),
    );
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received()));
  });
  return { socket, received, closed };
}

/** One answer read off a connection that may carry several (pipelining). */
export interface ParsedAnswer extends RawAnswer {
  /** The header lines as received, names in their original case, for checks on injected headers. */
  readonly rawHead: string;
}

/** A step of a raw exchange: bytes to write, or a pause in milliseconds before the next step. */
export type RawStep = string | Buffer | { readonly pauseMs: number };

/** What a raw exchange saw: every complete answer in order, the bytes after them, and who closed. */
export interface RawExchange {
  readonly answers: readonly ParsedAnswer[];
  /** Bytes after the last complete answer (an answer cut short, or nothing). */
  readonly rest: string;
  readonly text: string;
}

/**
 * Writes `steps` to a fresh connection to 127.0.0.1 and reads until the server closes the connection.
 * Once `endAfter` complete answers have come, the client half-closes (Node's server then closes; a
 * client that half-closes earlier makes Node abort the requests still in flight). Without `endAfter`
 * the client never closes, as one that still has more to send: the server must close by itself.
 * `headAnswers` lists the indexes of answers to HEAD requests, which carry no body whatever their
 * `Content-Length`. Fails after `timeoutMs` without a close.
 */
export function rawExchange(
  origin: string,
  steps: readonly RawStep[],
  options: { endAfter?: number; headAnswers?: readonly number[]; timeoutMs?: number } = {},
): Promise<RawExchange> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const socket = connect(Number(new URL(origin).port), '127.0.0.1');
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`The server did not close the connection within ${timeoutMs} ms`)),
    );
    socket.on('connect', () => {
      void (async () => {
        for (const step of steps) {
          if (socket.destroyed) return;
          if (typeof step === 'object' && 'pauseMs' in step) {
            await new Promise((done) => setTimeout(done, step.pauseMs));
          } else {
            socket.write(step);
          }
        }
      })();
    });
    const headAnswers = new Set(options.headAnswers ?? []);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const { endAfter } = options;
      if (endAfter === undefined || socket.writableEnded) return;
      const { answers } = parseAnswers(Buffer.concat(chunks).toString('latin1'), headAnswers);
      if (answers.length >= endAfter) socket.end();
    });
    // A reset after the server answered and closed is how some refusals end; the bytes still count.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ ...parseAnswers(text, headAnswers), text });
    });
  });
}

/** Splits a byte stream into HTTP/1.1 answers (Content-Length, chunked, or no body). */
export function parseAnswers(
  text: string,
  headAnswers: ReadonlySet<number> = new Set(),
): { answers: ParsedAnswer[]; rest: string } {
  const answers: ParsedAnswer[] = [];
  let rest = text;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) break;
    const rawHead = rest.slice(0, end);
    const [statusLine = '', ...lines] = rawHead.split('\r\n');
    const headers: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    const status = Number(statusLine.split(' ')[1]);
    let bodyStart = end + 4;
    let body = '';
    const noBody = headAnswers.has(answers.length) || status === 204 || status === 304;
    if (!noBody && headers['transfer-encoding'] === 'chunked') {
      const decoded = decodeChunked(rest, bodyStart);
      if (decoded === undefined) break;
      body = decoded.body;
      bodyStart = decoded.end;
    } else if (!noBody && headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (rest.length - bodyStart < length) break;
      body = rest.slice(bodyStart, bodyStart + length);
      bodyStart += length;
    }
    answers.push({
      statusLine,
      status,
      headers,
      body: Buffer.from(body, 'latin1').toString('utf8'),
      rawHead,
    });
    rest = rest.slice(bodyStart);
  }
  return { answers, rest };
}

function decodeChunked(text: string, start: number): { body: string; end: number } | undefined {
  let body = '';
  let at = start;
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at);
    if (lineEnd === -1) return undefined;
    const size = Number.parseInt(text.slice(at, lineEnd), 16);
    if (Number.isNaN(size)) return undefined;
    at = lineEnd + 2;
    if (size === 0) {
      const trailerEnd = text.indexOf('\r\n', at);
      return trailerEnd === -1 ? undefined : { body, end: trailerEnd + 2 };
    }
    if (text.length < at + size + 2) return undefined;
    body += text.slice(at, at + size);
    at += size + 2;
  }
}
