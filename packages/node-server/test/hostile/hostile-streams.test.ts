import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { once } from 'node:events';
import {
  createReadStream,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Application, LightResponse, TextResponse } from '@framework/application';
import { type Certificate, selfSignedCertificate } from '../support/certificate';
import { closeSession, http2Request, http2Session, portOf } from '../support/clients';
import { startFixture, stopFixture, waitFor } from '../support/fixture-process';
import { parseAnswers } from '../support/raw-http';
import { ADAPTERS } from './adapters';
import { HTTP1_TRANSPORTS, serveOver, type ServedOver, TRANSPORTS } from './transports';

let certificate: Certificate;
let folder: string;
beforeAll(async () => {
  certificate = await selfSignedCertificate();
  folder = mkdtempSync(join(tmpdir(), 'hostile-streams-'));
}, 30_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const HEADS = 1000;
const CONNECTIONS = 10;

function openDescriptors(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** Sends `count` HEAD requests for `path` over one keep-alive connection, one after the other. */
async function heads(port: number, path: string, count: number): Promise<number[]> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const statuses: number[] = [];
  let received = '';
  try {
    for (let index = 0; index < count; index++) {
      const answered = new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer): void => {
          received += chunk.toString('latin1');
          const { answers, rest } = parseAnswers(received, new Set([0]));
          if (answers.length === 0) return;
          statuses.push(answers[0]!.status);
          received = rest;
          socket.off('data', onData);
          socket.off('close', onClose);
          resolve();
        };
        const onClose = (): void =>
          reject(new Error(`The server closed the connection after ${index} HEADs`));
        socket.on('data', onData);
        socket.once('close', onClose);
      });
      socket.write(`HEAD ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      await answered;
    }
  } finally {
    socket.destroy();
  }
  return statuses;
}

async function getBody(port: number, path: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return `${response.status} ${(await response.text()).length}`;
}

describe.each(ADAPTERS)('finding 1: HEAD on a streaming GET route, ulimit -n 256, %s', (name) => {
  test(`finding 1: ${HEADS} HEADs to a file-stream route leave the descriptor count flat and the server serving; HEADs to a missing file do not kill it`, async () => {
    const fixture = startFixture('streaming-server.js', { ROUTER: name }, { maxOpenFiles: 256 });
    try {
      const port = Number((await waitFor(fixture, /listening (\d+)/))[1]);
      const pid = fixture.child.pid!;
      expect(await heads(port, '/download', 5)).toEqual([200, 200, 200, 200, 200]);
      const before = openDescriptors(pid);
      const perConnection = await Promise.all(
        Array.from({ length: CONNECTIONS }, () => heads(port, '/download', HEADS / CONNECTIONS)),
      );
      expect(perConnection.flat().filter((status) => status === 200)).toHaveLength(HEADS);
      // Descriptors are closed once each stream's open completes: wait for a round trip of the loop.
      expect(await getBody(port, '/static')).toBe('200 6');
      expect(openDescriptors(pid) - before).toBeLessThan(CONNECTIONS);
      expect(await heads(port, '/missing', 50)).toHaveLength(50);
      expect(await getBody(port, '/download')).toBe('200 4096');
      expect(fixture.child.exitCode).toBeNull();
      expect(fixture.output()).not.toMatch(/ENOENT|EMFILE|Error/);
    } finally {
      stopFixture(fixture);
    }
  }, 60_000);
});

/** Streams the routes hand out, so a test can see each was released. */
interface Handed {
  readonly streams: Readable[];
  readonly cancelled: string[];
  readonly reported: unknown[];
}

function streamingApp(createRouter: () => import('@framework/router-contract').Router<unknown>) {
  const handed: Handed = { streams: [], cancelled: [], reported: [] };
  const app = new Application(createRouter(), {
    development: false,
    onError: (error) => handed.reported.push(error),
  });
  app.pipeRoutingMiddleware().pipeDispatchMiddleware();
  const file = join(folder, 'download.bin');
  writeFileSync(file, 'x'.repeat(4096));
  const hand = <T extends Readable>(stream: T): T => {
    handed.streams.push(stream);
    return stream;
  };
  const webStream = (label: string): ReadableStream<Uint8Array> =>
    new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('chunk'));
      },
      cancel() {
        handed.cancelled.push(label);
      },
    });
  app.get('/download', () => new LightResponse(hand(createReadStream(file))));
  app.get('/missing', () => new LightResponse(hand(createReadStream(join(folder, 'missing.bin')))));
  app.get('/web-light', () => new LightResponse(webStream('light')));
  app.get('/web-response', () => new Response(webStream('response')));
  app.route('/explicit-head-missing', () => new LightResponse(hand(createReadStream(join(folder, 'gone')))), [
    'HEAD',
  ]);
  app.get(
    '/refused-header',
    () => new LightResponse(hand(createReadStream(file)), { headers: { 'x-bad': 'snow\u2603man' } }),
  );
  app.get(
    '/refused-header-missing',
    () =>
      new LightResponse(hand(createReadStream(join(folder, 'gone-too'))), {
        headers: { 'x-bad': 'snow\u2603man' },
      }),
  );
  app.get('/static', () => new TextResponse('static'));
  return { app, handed };
}

/** Resolves once every stream handed out so far is closed (destroyed, its descriptor released). */
function allClosed(streams: readonly Readable[]): Promise<void[]> {
  return Promise.all(
    // Not events.once(): it rejects on the 'error' a missing file's stream emits before it closes.
    streams.map((stream) =>
      stream.closed
        ? Promise.resolve()
        : new Promise<void>((resolve) => stream.once('close', () => resolve())),
    ),
  );
}

describe.each(TRANSPORTS)('finding 1: dropped stream bodies are released, %s', (transport) => {
  describe.each(ADAPTERS)('%s', (_name, createRouter) => {
    let served: ServedOver;
    let handed: Handed;
    beforeAll(async () => {
      const built = streamingApp(createRouter);
      handed = built.handed;
      served = await serveOver(built.app, transport, certificate);
    });
    afterAll(() => served.close());

    test('finding 1: implicit HEAD destroys a file stream and cancels web streams', async () => {
      const answers = await Promise.all(
        ['/download', '/web-light', '/web-response'].map((path) => served.send({ method: 'HEAD', path })),
      );
      expect(answers.map((answer) => `${answer.status} ${answer.body}`)).toEqual(['200 ', '200 ', '200 ']);
      await allClosed(handed.streams);
      expect(handed.streams.every((stream) => stream.destroyed)).toBe(true);
      expect(handed.cancelled.sort()).toEqual(['light', 'response']);
    });

    test('finding 1: HEAD to a route whose file is missing does not kill the process', async () => {
      const answer = await served.send({ method: 'HEAD', path: '/missing' });
      expect(answer.status).toBe(200);
      await allClosed(handed.streams);
      expect((await served.send({ path: '/static' })).body).toBe('static');
    });

    test('finding 1: a stream body the listener drops for HEAD has its error reported, not thrown', async () => {
      const before = handed.reported.length;
      const answer = await served.send({ method: 'HEAD', path: '/explicit-head-missing' });
      expect(answer.status).toBe(200);
      await allClosed(handed.streams);
      await new Promise((resolve) => setImmediate(resolve));
      expect(handed.reported.slice(before).map((error) => (error as { code?: string }).code)).toEqual([
        'ENOENT',
      ]);
      expect((await served.send({ path: '/static' })).body).toBe('static');
    });
  });
});

// Node's HTTP/1 writeHead() refuses a header value outside latin1; HTTP/2 sends it.
describe.each(HTTP1_TRANSPORTS)('finding 1: a stream body abandoned by a failed answer, %s', (transport) => {
  test.each(ADAPTERS)(
    'finding 1: when writeHead() throws, the stream body is released and its error never thrown (%s)',
    async (_name, createRouter) => {
      const { app, handed } = streamingApp(createRouter);
      const served = await serveOver(app, transport, certificate);
      try {
        for (const path of ['/refused-header', '/refused-header-missing']) {
          expect((await served.send({ path })).status).toBe(500);
          await allClosed(handed.streams);
        }
        expect(handed.streams.map((stream) => stream.destroyed)).toEqual([true, true]);
        expect((await served.send({ path: '/static' })).body).toBe('static');
      } finally {
        await served.close();
      }
    },
  );
});

/** A route whose file shrinks between the stat that gives its Content-Length and the read. */
function shrinkingApp(createRouter: () => import('@framework/router-contract').Router<unknown>) {
  const reported: unknown[] = [];
  const app = new Application(createRouter(), {
    development: false,
    onError: (error) => reported.push(error),
  });
  app.pipeRoutingMiddleware().pipeDispatchMiddleware();
  let files = 0;
  app.get('/shrinking', () => {
    const file = join(folder, `shrinking-${files++}.txt`);
    writeFileSync(file, 'y'.repeat(64));
    const { size } = statSync(file);
    truncateSync(file, 10);
    return new LightResponse(createReadStream(file), { headers: { 'content-length': String(size) } });
  });
  app.get('/static', () => new TextResponse('static'));
  return { app, reported };
}

/** The client may see the cut before the server's report runs (TLS, HTTP/2, newer Node lines): wait up to 2 s. */
async function untilReported(reported: readonly unknown[]): Promise<void> {
  for (let tries = 0; reported.length === 0 && tries < 200; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(HTTP1_TRANSPORTS)('finding 9: a body short of its Content-Length, %s', (transport) => {
  describe.each(ADAPTERS)('%s', (_name, createRouter) => {
    test('finding 9: a file that shrinks during a send closes the pipelined connection; the next answer never lands in the body', async () => {
      const { app, reported } = shrinkingApp(createRouter);
      const served = await serveOver(app, transport, certificate);
      try {
        const socket = served.connect();
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', () => undefined);
        const request = (path: string): string => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
        socket.write(request('/shrinking') + request('/static'));
        await once(socket, 'close');
        const text = Buffer.concat(chunks).toString('latin1');
        expect(text.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
        expect(text).toMatch(/\r\ncontent-length: 64\r\n/i);
        expect(text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
        expect(text).not.toMatch(/static/);
        expect(text.slice(text.indexOf('\r\n\r\n') + 4)).toBe('y'.repeat(10));
        await untilReported(reported);
        expect(reported.map((error) => (error as { code?: string }).code)).toEqual([
          'FRAMEWORK_ERR_RESPONSE_LENGTH_MISMATCH',
        ]);
        expect((await served.send({ path: '/static' })).body).toBe('static');
      } finally {
        await served.close();
      }
    });
  });
});

describe.each(['h2', 'h2c'] as const)('finding 9: a body short of its Content-Length, %s', (transport) => {
  test('finding 9: the stream of a file that shrinks is reset; the session goes on serving', async () => {
    const { app, reported } = shrinkingApp(ADAPTERS[0]![1]);
    const served = await serveOver(app, transport, certificate);
    const session = http2Session(portOf(served.server), transport === 'h2' ? certificate.cert : undefined);
    try {
      const cut = await http2Request(session, '/shrinking').then(
        (answer) => `answered ${answer.body.length} bytes`,
        (error: NodeJS.ErrnoException) => error.code,
      );
      expect(cut).not.toBe('answered 64 bytes');
      expect((await http2Request(session, '/static')).body).toBe('static');
      await untilReported(reported);
      expect(reported.map((error) => (error as { code?: string }).code)).toEqual([
        'FRAMEWORK_ERR_RESPONSE_LENGTH_MISMATCH',
      ]);
    } finally {
      await closeSession(session);
      await served.close();
    }
  });
});

test('finding 1: a Readable.from() body dropped by implicit HEAD has its iterator return()ed', async () => {
  let returned!: () => void;
  const iteratorReturned = new Promise<void>((resolve) => (returned = resolve));
  const endless: AsyncIterableIterator<string> = {
    next: async () => ({ done: false, value: 'line\n' }),
    return: async () => {
      returned();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  const app = new Application(ADAPTERS[0]![1](), { development: false });
  app.pipeRoutingMiddleware().pipeDispatchMiddleware();
  app.get('/lines', () => new LightResponse(Readable.from(endless)));
  const served = await serveOver(app, 'HTTP/1.1', certificate);
  try {
    expect((await served.send({ method: 'HEAD', path: '/lines' })).status).toBe(200);
    await iteratorReturned;
  } finally {
    await served.close();
  }
});
