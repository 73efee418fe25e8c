import { connect } from 'node:net';

const HEAD_END = '\r\n\r\n';

/**
 * One TCP connection to a server, for requests `fetch()` would refuse to send as they are: bytes go out
 * as written, and `response()` reads the next answer off the wire (Content-Length or chunked). The
 * connection is destroyed after `timeout` ms whatever happens, so no test waits on it for longer.
 */
export class RawConnection {
  #socket;
  #buffer = Buffer.alloc(0);
  #wake = () => {};
  #timer;
  /** Bytes written so far. */
  written = 0;
  /** Whether the server (or the timeout) has closed the connection. */
  isClosed = false;
  /** Settles once the connection is closed, by either side or the timeout. */
  closed;

  constructor(origin, timeout) {
    const { hostname, port } = new URL(origin);
    this.#socket = connect(Number(port), hostname);
    this.#socket.on('error', () => {}); // a reset shows as the close that follows
    this.#socket.on('data', (chunk) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      this.#wake();
    });
    this.closed = new Promise((resolve) =>
      this.#socket.once('close', () => {
        this.isClosed = true;
        clearTimeout(this.#timer);
        this.#wake();
        resolve();
      }),
    );
    this.#timer = setTimeout(() => this.#socket.destroy(), timeout);
  }

  /** Writes `bytes`; resolves once the socket takes more (or has closed). */
  write(bytes) {
    if (this.isClosed) return Promise.resolve(false);
    this.written += Buffer.byteLength(bytes);
    if (this.#socket.write(bytes)) return Promise.resolve(true);
    return Promise.race([
      new Promise((resolve) => this.#socket.once('drain', () => resolve(true))),
      this.closed.then(() => false),
    ]);
  }

  /** Whether any part of an answer has arrived. */
  get answered() {
    return this.#buffer.length > 0;
  }

  /**
   * The next answer: `status`, lower-case `headers`, the `body` as text (chunks decoded) and whether
   * it was `complete` (a chunked body ended by its last chunk, or all of its Content-Length), or
   * `null` when the connection closed before a status line. `head`: the answer to a HEAD, which has
   * no body whatever its headers say.
   */
  async response({ head = false } = {}) {
    const headEnd = await this.#until(() => indexOf(this.#buffer, HEAD_END));
    if (headEnd === -1) return null;
    const [statusLine, ...fields] = this.#take(headEnd + HEAD_END.length).split('\r\n');
    const headers = {};
    for (const field of fields.filter(Boolean)) {
      const colon = field.indexOf(':');
      headers[field.slice(0, colon).trim().toLowerCase()] = field.slice(colon + 1).trim();
    }
    const answer = { status: Number(statusLine.split(' ')[1]), headers, body: '', complete: true };
    if (head || answer.status === 204 || answer.status === 304) return answer;
    if (headers['transfer-encoding'] === 'chunked') return this.#readChunks(answer);
    const length = Number(headers['content-length'] ?? 0);
    const end = await this.#until(() => (this.#buffer.length >= length ? length : -1));
    answer.complete = end !== -1;
    answer.body = this.#take(end === -1 ? this.#buffer.length : end);
    return answer;
  }

  /** Ends the connection from this side. */
  close() {
    this.#socket.destroy();
    return this.closed;
  }

  async #readChunks(answer) {
    for (;;) {
      const lineEnd = await this.#until(() => indexOf(this.#buffer, '\r\n'));
      if (lineEnd === -1) return { ...answer, complete: false };
      const size = Number.parseInt(this.#buffer.subarray(0, lineEnd).toString('latin1'), 16);
      const end = lineEnd + 2 + size + 2;
      if ((await this.#until(() => (this.#buffer.length >= end ? end : -1))) === -1) {
        answer.body += this.#take(this.#buffer.length).slice(lineEnd + 2, lineEnd + 2 + size);
        return { ...answer, complete: false };
      }
      answer.body += this.#take(end).slice(lineEnd + 2, lineEnd + 2 + size);
      if (size === 0) return answer;
    }
  }

  /** Waits until `find()` gives an index, or the connection closes (-1). */
  async #until(find) {
    for (;;) {
      const found = find();
      if (found !== -1 || this.isClosed) return found;
      await new Promise((resolve) => (this.#wake = resolve));
    }
  }

  #take(length) {
    const text = this.#buffer.subarray(0, length).toString('utf8');
    this.#buffer = this.#buffer.subarray(length);
    return text;
  }
}

function indexOf(buffer, text) {
  return buffer.indexOf(text, 0, 'latin1');
}
