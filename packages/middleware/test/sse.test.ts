import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect as http2Connect, type ClientHttp2Session } from 'node:http2';
import { connect as netConnect, type AddressInfo, type Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { type Application, ServerRequest } from '@framework/application';
import { type NodeServer, run } from '@framework/node-server';
import { compress, securityHeaders, type SSEOptions, type SSEStream, streamSSE } from '../src';
import { appWith, call } from './support/app';

/** Fails with a clear message instead of hanging when `promise` does not settle in 5 s. */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within 5 s`)), 5_000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

interface Gate {
  readonly opened: Promise<void>;
  open(): void;
}

function gate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Reads a `text/event-stream` body block by block (an event, or a comment, up to its blank line). */
class EventReader {
  private buffer = '';
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(source: Readable) {
    source.setEncoding('utf8');
    source.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.wake?.();
    });
    source.on('end', () => {
      this.ended = true;
      this.wake?.();
    });
    source.on('error', (error: Error) => {
      this.failure = error;
      this.wake?.();
    });
  }

  /** The next block, blank line included; `undefined` once the stream has ended. */
  async next(): Promise<string | undefined> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = this.buffer.slice(0, end + 2);
        this.buffer = this.buffer.slice(end + 2);
        return block;
      }
      if (this.failure) throw this.failure;
      if (this.ended) return undefined;
      await within(new Promise<void>((resolve) => (this.wake = resolve)), 'the next event');
    }
  }
}

interface Opened {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly events: EventReader;
  close(): void;
}

/** Opens an event stream over HTTP/1.1 the way a browser does (`Accept: text/event-stream`, gzip and br welcome). */
function openEvents(origin: string, path: string, headers: Record<string, string> = {}): Promise<Opened> {
  const { port } = new URL(origin);
  return within(
    new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          agent: false,
          headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br', ...headers },
        },
        (res) => {
          const events = new EventReader(res);
          const close = () => req.destroy();
          // Every stream starts with a comment, so the answer's head goes out before the first event.
          events.next().then((first) => {
            if (first === ': connected\n\n')
              resolve({ status: res.statusCode ?? 0, headers: res.headers, events, close });
            else reject(new Error(`The stream began with ${JSON.stringify(first)}`));
          }, reject);
        },
      );
      req.on('error', reject);
      req.end();
    }),
    `the answer to GET ${path}`,
  );
}

/** The pipeline the README documents: security headers first, compression around everything. */
function documentedApp(): Application {
  return appWith(securityHeaders(), compress());
}

interface Running {
  readonly origin: string;
  readonly server: NodeServer;
}

const running: NodeServer[] = [];
const cleanups: (() => void)[] = [];
/** Runs `cleanup` after the current test, whether it passes or not. */
function afterEachOnce(cleanup: () => void): void {
  cleanups.push(cleanup);
}
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  for (const server of running.splice(0)) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function serve(app: Application, options: { http2?: boolean } = {}): Promise<Running> {
  const server = await run(app, { host: '127.0.0.1', port: 0, handleSignals: false, ...options });
  running.push(server);
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A writer whose end the test can wait for, with the stream it was given. */
function watchedWriter(body: (stream: SSEStream) => Promise<void>) {
  let stream: SSEStream | undefined;
  const finished = gate();
  const write = async (given: SSEStream) => {
    stream = given;
    try {
      await body(given);
    } finally {
      finished.open();
    }
  };
  return { write, finished: finished.opened, stream: () => stream as SSEStream };
}

const originalSetInterval = globalThis.setInterval;
const originalClearInterval = globalThis.clearInterval;

/** Counts the intervals of `every` ms set and not yet cleared from now on, through the global functions. */
function watchIntervals(every: number) {
  const live = new Set<unknown>();
  const set = jest.spyOn(globalThis, 'setInterval').mockImplementation(((
    ...args: Parameters<typeof setInterval>
  ) => {
    const handle = originalSetInterval(...args);
    if (args[1] === every) live.add(handle);
    return handle;
  }) as typeof setInterval);
  const clear = jest.spyOn(globalThis, 'clearInterval').mockImplementation((handle) => {
    live.delete(handle);
    originalClearInterval(handle);
  });
  afterEachOnce(() => {
    set.mockRestore();
    clear.mockRestore();
  });
  return { open: () => live.size };
}

/** Timers that keep the process alive right now. */
function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
}

describe('streamSSE() over HTTP/1.1 through securityHeaders() and compress()', () => {
  it('sends each event as it is written: the client reads the first before the server writes the second', async () => {
    const app = documentedApp();
    const firstRead = gate();
    app.get('/events', (request) =>
      streamSSE(request, async (stream) => {
        await stream.writeSSE({ id: '1', event: 'greeting', data: 'hello' });
        await firstRead.opened;
        await stream.writeSSE({ id: '2', data: 'second' });
      }),
    );
    const { origin } = await serve(app);
    const opened = await openEvents(origin, '/events');

    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(opened.headers['cache-control']).toBe('no-cache, no-transform');
    expect(opened.headers['x-accel-buffering']).toBe('no');
    expect(opened.headers['content-encoding']).toBeUndefined();
    expect(opened.headers['content-length']).toBeUndefined();
    expect(opened.headers['x-content-type-options']).toBe('nosniff');
    expect(await opened.events.next()).toBe('event: greeting\nid: 1\ndata: hello\n\n');
    firstRead.open();
    expect(await opened.events.next()).toBe('id: 2\ndata: second\n\n');
    expect(await opened.events.next()).toBeUndefined();
  });

  it('splits data at every line break (LF, CR, CRLF) into data lines and sends retry', async () => {
    const app = documentedApp();
    app.get('/events', (request) =>
      streamSSE(request, async (stream) => {
        await stream.writeSSE({ retry: 2500 });
        await stream.writeSSE({ data: 'one\ntwo\r\nthree\rfour' });
        await stream.writeSSE({ data: '' });
      }),
    );
    const { origin } = await serve(app);
    const { events } = await openEvents(origin, '/events');

    expect(await events.next()).toBe('retry: 2500\n\n');
    expect(await events.next()).toBe('data: one\ndata: two\ndata: three\ndata: four\n\n');
    expect(await events.next()).toBe('data: \n\n');
    expect(await events.next()).toBeUndefined();
  });

  it('sends keep-alive comments while no event is written', async () => {
    const app = documentedApp();
    const writer = watchedWriter(
      (stream) => new Promise((resolve) => stream.signal.addEventListener('abort', () => resolve())),
    );
    app.get('/quiet', (request) => streamSSE(request, writer.write, { keepAlive: 5 }));
    const { origin } = await serve(app);
    const opened = await openEvents(origin, '/quiet');

    expect(await opened.events.next()).toBe(': keep-alive\n\n');
    expect(await opened.events.next()).toBe(': keep-alive\n\n');
    opened.close();
    await within(writer.finished, 'the end of the writer');
  });

  it("hands the writer the client's Last-Event-ID", async () => {
    const app = documentedApp();
    app.get('/events', (request) =>
      streamSSE(request, async (stream) => {
        const last = stream.lastEventId;
        await stream.writeSSE({
          id: String(Number(last ?? 0) + 1),
          data: last === undefined ? 'from the start' : `after ${last}`,
        });
      }),
    );
    const { origin } = await serve(app);

    const resumed = await openEvents(origin, '/events', { 'last-event-id': '41' });
    expect(await resumed.events.next()).toBe('id: 42\ndata: after 41\n\n');
    const fresh = await openEvents(origin, '/events');
    expect(await fresh.events.next()).toBe('id: 1\ndata: from the start\n\n');
  });

  it('ends the writer when the client goes: the signal aborts, closed turns true, writes resolve false, no timer stays', async () => {
    const app = documentedApp();
    const before = activeTimers();
    const intervals = watchIntervals(60_000);
    const results: boolean[] = [];
    const writer = watchedWriter(async (stream) => {
      let n = 0;
      while (!stream.closed) {
        results.push(await stream.writeSSE({ id: String(++n), data: 'tick' }));
        await stream.sleep(5);
      }
      results.push(await stream.writeSSE({ data: 'after the end' }));
    });
    app.get('/ticks', (request) => streamSSE(request, writer.write, { keepAlive: 60_000 }));
    const { origin } = await serve(app);
    const opened = await openEvents(origin, '/ticks');

    expect(await opened.events.next()).toBe('id: 1\ndata: tick\n\n');
    expect(intervals.open()).toBe(1);
    opened.close();
    await within(writer.finished, 'the end of the writer loop');

    const stream = writer.stream();
    expect(stream.closed).toBe(true);
    expect(stream.signal.aborted).toBe(true);
    expect(results.at(-1)).toBe(false);
    expect(results.slice(0, -1).every((sent) => sent)).toBe(true);
    // The keep-alive interval is cleared; and no other timer stays. The HTTP client and server may hold
    // timers of their own a moment longer than the connection (Node 22, or a loaded machine), and the test
    // runner's own timers may end meanwhile, so the count is compared once those have settled.
    expect(intervals.open()).toBe(0);
    for (let tries = 0; activeTimers() > before && tries < 500; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(activeTimers()).toBeLessThanOrEqual(before);
  });

  it('refuses an id or event type with a line break (and an id with NUL): nothing of that event is sent', async () => {
    const app = documentedApp();
    const refused: string[] = [];
    app.get('/events', (request) =>
      streamSSE(request, async (stream) => {
        const hostile = [
          { id: '1\nevent: admin', data: 'x' },
          { event: 'note\r\ndata: injected', data: 'x' },
          { event: 'note\rretry: 1', data: 'x' },
          { id: 'a\0b', data: 'x' },
          { retry: -1 },
          { retry: 1.5 },
          { data: { toString: () => 'object' } as unknown as string },
        ];
        for (const event of hostile) {
          await stream.writeSSE(event).catch((error: { code: string; message: string }) => {
            refused.push(`${error.code}: ${error.message}`);
          });
        }
        await stream.writeSSE({ data: 'event: admin\n\ndata: still data' });
      }),
    );
    const { origin } = await serve(app);
    const { events } = await openEvents(origin, '/events');

    expect(await events.next()).toBe('data: event: admin\ndata: \ndata: data: still data\n\n');
    expect(await events.next()).toBeUndefined();
    expect(refused).toEqual([
      'FRAMEWORK_ERR_SSE_INVALID_EVENT: writeSSE(): event.id "1\\nevent: admin" holds a line break or NUL, which would end the field early.',
      'FRAMEWORK_ERR_SSE_INVALID_EVENT: writeSSE(): event.event "note\\r\\ndata: injected" holds a line break, which would end the field early.',
      'FRAMEWORK_ERR_SSE_INVALID_EVENT: writeSSE(): event.event "note\\rretry: 1" holds a line break, which would end the field early.',
      'FRAMEWORK_ERR_SSE_INVALID_EVENT: writeSSE(): event.id "a\\u0000b" holds a line break or NUL, which would end the field early.',
      'FRAMEWORK_ERR_SSE_INVALID_EVENT: writeSSE(): event.retry must be a whole number of milliseconds, got -1.',
      'FRAMEWORK_ERR_SSE_INVALID_EVENT: writeSSE(): event.retry must be a whole number of milliseconds, got 1.5.',
      'FRAMEWORK_ERR_SSE_INVALID_EVENT: writeSSE(): event.data must be a string, got object.',
    ]);
  });

  it('cuts the stream of a client that never reads after stallTimeout: memory stays bounded, the writer ends', async () => {
    const app = documentedApp();
    const chunk = 'x'.repeat(64 * 1024);
    let written = 0;
    const writer = watchedWriter(async (stream) => {
      while (await stream.writeSSE({ data: chunk })) written += 1;
    });
    app.get('/flood', (request) => streamSSE(request, writer.write, { stallTimeout: 100 }));
    const { origin } = await serve(app);
    const socket: Socket = netConnect(Number(new URL(origin).port), '127.0.0.1');
    socket.pause(); // never reads: the kernel buffers fill, then Node's, then the stream's queue
    socket.write('GET /flood HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n');
    await within(writer.finished, 'the end of the writer');

    const stream = writer.stream();
    expect((stream.signal.reason as Error).name).toBe('TimeoutError');
    expect((stream.signal.reason as Error).message).toBe('The client read nothing for 100 ms.');
    // Socket buffers hold a few MiB on loopback at most; the writer was held long before 64 MiB.
    expect(written).toBeLessThan(1024);
    const closed = new Promise<string>((resolve) => {
      let received = '';
      socket.setEncoding('latin1');
      socket.on('data', (data: string) => (received = (received + data).slice(-16)));
      socket.on('close', () => resolve(received));
      socket.on('error', () => undefined);
      socket.resume();
    });
    // The server cut the connection: no final zero-length chunk ends the answer.
    expect(await within(closed, 'the end of the connection')).not.toMatch(/\r\n0\r\n\r\n$/);
  });

  it('releases the writes a broadcaster never awaited once a client that never reads is cut', async () => {
    const app = documentedApp();
    const chunk = 'x'.repeat(64 * 1024);
    let opened!: (stream: SSEStream) => void;
    const started = new Promise<SSEStream>((resolve) => (opened = resolve));
    const writer = watchedWriter((stream) => {
      opened(stream);
      return new Promise<void>((resolve) => stream.signal.addEventListener('abort', () => resolve()));
    });
    app.get('/broadcast', (request) => streamSSE(request, writer.write, { stallTimeout: 100 }));
    const { origin } = await serve(app);
    const socket: Socket = netConnect(Number(new URL(origin).port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.pause();
    socket.write('GET /broadcast HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n');
    const stream = await within(started, 'the start of the writer');
    // 16 MiB handed over at once, as a fan-out loop that does not await each client would.
    const writes = Array.from({ length: 256 }, () => stream.writeSSE({ data: chunk }));
    const sent = await within(Promise.all(writes), 'the settling of every write');
    await within(writer.finished, 'the end of the writer');
    expect((stream.signal.reason as Error).name).toBe('TimeoutError');
    // Socket buffers took a few MiB; every write after the cut resolved false and let go of its bytes.
    expect(sent.filter(Boolean).length).toBeLessThan(128);
    expect(sent[sent.length - 1]).toBe(false);
    socket.destroy();
  });

  it('reports what the writer throws to onError and ends the stream; not the abort reason it rethrows', async () => {
    const app = documentedApp();
    const reported: unknown[] = [];
    const failure = new Error('database down');
    app.get('/failing', (request) =>
      streamSSE(
        request,
        async (stream) => {
          await stream.writeSSE({ data: 'first' });
          throw failure;
        },
        { onError: (error) => reported.push(error) },
      ),
    );
    const rethrown = watchedWriter(async (stream) => {
      await new Promise((resolve) => stream.signal.addEventListener('abort', resolve));
      stream.signal.throwIfAborted();
    });
    app.get('/rethrowing', (request) =>
      streamSSE(request, rethrown.write, { onError: (error) => reported.push(error) }),
    );
    const { origin } = await serve(app);

    const failing = await openEvents(origin, '/failing');
    expect(await failing.events.next()).toBe('data: first\n\n');
    expect(await failing.events.next()).toBeUndefined();
    const rethrowing = await openEvents(origin, '/rethrowing');
    rethrowing.close();
    await within(rethrown.finished, 'the end of the writer');
    expect(reported).toEqual([failure]);
  });

  it('checks its options once per call and names the wrong one', () => {
    const request = ServerRequest.fromRequest(new Request('http://localhost/events'));
    const attempt = (options: unknown) => () => streamSSE(request, () => undefined, options as SSEOptions);
    expect(attempt({ keepAlive: 0 })).toThrow(
      'streamSSE: option `keepAlive` must be a whole number of milliseconds from 1 to 2147483647 or false, got 0.',
    );
    expect(attempt({ stallTimeout: 2 ** 31 })).toThrow(
      'streamSSE: option `stallTimeout` must be a whole number of milliseconds from 1 to 2147483647, got 2147483648.',
    );
    expect(attempt({ keepalive: 1000 })).toThrow(
      'streamSSE: option `keepalive` is not an option; use keepAlive, stallTimeout or onError.',
    );
    expect(attempt({ constructor: 'x' })).toThrow('streamSSE: option `constructor` is not an option');
    expect(() => streamSSE(request, 'events' as never)).toThrow(
      'streamSSE: option `write` must be a function that writes the events, got string.',
    );
    expect(attempt({ onError: 'log' })).toThrow(
      'streamSSE: option `onError` must be a function, got string.',
    );
  });
});

describe('streamSSE() through app.fetch (Bun, Deno and workers serve this way)', () => {
  it('streams each event as written and ends the writer when the reader cancels', async () => {
    const app = documentedApp();
    const firstRead = gate();
    const writer = watchedWriter(async (stream) => {
      await stream.writeSSE({ id: '7', data: 'first' });
      await firstRead.opened;
      await stream.writeSSE({ data: 'second' });
      await new Promise((resolve) => stream.signal.addEventListener('abort', resolve));
    });
    app.get('/events', (request) => streamSSE(request, writer.write));
    const response = await call(app, '/events', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = (response.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .getReader();

    expect((await within(reader.read(), 'the opening comment')).value).toBe(': connected\n\n');
    expect((await within(reader.read(), 'the first event')).value).toBe('id: 7\ndata: first\n\n');
    firstRead.open();
    expect((await within(reader.read(), 'the second event')).value).toBe('data: second\n\n');
    await reader.cancel();
    await within(writer.finished, 'the end of the writer');
    expect(writer.stream().closed).toBe(true);
  });

  it('answers HEAD with the headers only, without running the writer', async () => {
    const app = documentedApp();
    let runs = 0;
    app.get('/events', (request) => streamSSE(request, () => (runs += 1)));
    app.route('/head-too', (request) => streamSSE(request, () => (runs += 1)), ['GET', 'HEAD']);
    for (const path of ['/events', '/head-too']) {
      const response = await call(app, path, { method: 'HEAD' });
      expect([response.status, response.headers.get('content-type'), response.body]).toEqual([
        200,
        'text/event-stream; charset=utf-8',
        null,
      ]);
    }
    expect(runs).toBe(0);
  });
});

describe('streamSSE() over HTTP/2 (h2c)', () => {
  function h2Open(session: ClientHttp2Session, path: string, headers: Record<string, string> = {}) {
    const stream = session.request({
      ':path': path,
      accept: 'text/event-stream',
      'accept-encoding': 'gzip, br',
      ...headers,
    });
    const response = within(
      new Promise<Record<string, unknown>>((resolve, reject) => {
        stream.once('response', resolve);
        stream.once('error', reject);
      }),
      `the answer to ${path}`,
    );
    return { response, events: new EventReader(stream), stream };
  }

  it('sends each event as written, gives Last-Event-ID, and ends the writer when the client resets the stream', async () => {
    const app = documentedApp();
    const firstRead = gate();
    const writer = watchedWriter(async (stream) => {
      await stream.writeSSE({ id: '5', data: `after ${stream.lastEventId ?? 'nothing'}` });
      await firstRead.opened;
      await stream.writeSSE({ id: '6', data: 'second' });
      while (!stream.closed) await stream.sleep(60_000);
    });
    app.get('/events', (request) => streamSSE(request, writer.write));
    const { origin } = await serve(app, { http2: true });
    const session = http2Connect(origin);
    session.on('error', () => undefined);
    try {
      const opened = h2Open(session, '/events', { 'last-event-id': '4' });
      const headers = await opened.response;
      expect(headers[':status']).toBe(200);
      expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(headers['content-encoding']).toBeUndefined();
      expect(await opened.events.next()).toBe(': connected\n\n');
      expect(await opened.events.next()).toBe('id: 5\ndata: after 4\n\n');
      firstRead.open();
      expect(await opened.events.next()).toBe('id: 6\ndata: second\n\n');
      opened.stream.close(); // RST_STREAM: the connection stays, the stream goes
      await within(writer.finished, 'the end of the writer');
      expect(writer.stream().signal.aborted).toBe(true);
    } finally {
      session.destroy();
    }
  });
});
