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
