import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BODY_LIMIT } from '../src/app.mjs';
import { RawConnection } from './raw-connection.mjs';
import { root, runtimes } from './runtimes.mjs';
import { startServer } from './start-server.mjs';

/**
 * `app.fetch` attacked as the fetch runtimes serve it (Bun, Deno, and workerd with
 * RUNTIMES_WITH_WORKERD=1), over raw sockets to 127.0.0.1: bodies, targets, headers and failing
 * handlers, against the routes of `src/hostile-routes.mjs` mounted at `/hostile`. Where the runtime's
 * own server decides (its header limit, a Host it cannot parse, a body that stalls or runs past the
 * limit, a stream that fails), the test pins what it does.
 */
const CONNECTION_TIMEOUT = 10_000;
/** Bun's `idleTimeout` (10 s by default) closes a connection that sends nothing; this bounds the wait. */
const STALL_TIMEOUT = 30_000;
const SECRET = /secret|at [\w.]+ \(|\.mjs/;

/** What each runtime's own server does where it, not the application, decides. */
const byRuntime = {
  bun: {
    // Request line and headers past 16 KiB are Bun's 431.
    longPath: 431,
    hugePath: 431,
    // A Host that is no authority reaches app.fetch as a bare path: request.url is on http://localhost.
    badHost: { status: 200, url: 'http://localhost/hostile/url' },
    resolvesDotSegments: true,
    // After the 413 of a body past the limit, and after timeout()'s 503 (at its idleTimeout).
    closesUnreadBody: true,
    // The chunked answer is cut: no last chunk, so the client knows the body is not whole.
    streamErrorComplete: false,
    // Failing before its first chunk, it is cut inside the head: the client gets no answer.
    streamErrorAtOnce: null,
  },
  deno: {
    // A 20 KB path reaches the router (404); past about 64 KiB Deno answers its own 400.
    longPath: 404,
    hugePath: 400,
    // Deno writes the URL from the raw Host: app.fetch answers 400 rather than route what it wrote.
    badHost: { status: 400, url: undefined },
    // The path is routed as sent: `/./` and `/../` match no route.
    resolvesDotSegments: false,
    // Deno reads the rest of an unread body and throws it away, and keeps the connection.
    closesUnreadBody: false,
    streamErrorComplete: false,
    // Failing before its first chunk, the head is sent and the chunked body cut.
    streamErrorAtOnce: { status: 200, body: '', complete: false },
  },
  workerd: {
    // workerd reads request heads up to about 128 KiB: a 20 KB path reaches the router (404).
    longPath: 404,
    hugePath: 431,
    // workerd cannot make a URL of it and answers its own plain 500 before app.fetch runs.
    badHost: { status: 500, url: undefined },
    resolvesDotSegments: true,
    closesUnreadBody: true,
    // workerd (through miniflare) ends the chunked answer with its last chunk after the error.
    streamErrorComplete: true,
    // Failing before its first chunk, it is a whole-looking 200 with an empty body.
    streamErrorAtOnce: { status: 200, body: '', complete: true },
  },
};

for (const runtime of runtimes.filter(({ key }) => key in byRuntime)) {
  const expected = byRuntime[runtime.key];
  describe(`${runtime.name} under hostile input through ${runtime.via}`, () => {
    let server;
    before(async () => {
      server = await startServer(runtime.command, runtime.args, root);
    });
    after(() => server?.stop());

    const exchange = async (request, options) => {
      const connection = new RawConnection(server.origin, CONNECTION_TIMEOUT);
      await connection.write(request);
      const answer = await connection.response(options);
      await connection.close();
      return answer;
    };
    const get = (path, headers = '') => exchange(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`);
    const post = (path, type, body) =>
      exchange(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    const json = async (path) => JSON.parse((await get(path)).body);
    const bodyReads = async () => (await json('/hostile/body-reads')).bodyReads;
    const assertStillServing = async () => assert.equal((await get('/hostile/url')).status, 200);

    test('a chunked body without Content-Length past bodyLimit: the read stops at the limit with a 413', async () => {
      const before = (await bodyReads()).length;
      const connection = new RawConnection(server.origin, CONNECTION_TIMEOUT);
      const chunk = Buffer.alloc(BODY_LIMIT, 'a');
      const framed = Buffer.concat([
        Buffer.from(`${chunk.length.toString(16)}\r\n`),
        chunk,
        Buffer.from('\r\n'),
      ]);
      const total = 1024 * BODY_LIMIT; // 64 MiB
      await connection.write(
        'POST /hostile/bytes HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n',
      );
      while (connection.written < total && !connection.isClosed && !connection.answered)
        await connection.write(framed);
      assert.ok(connection.written < total, `no answer before all ${total} bytes were sent`);
      // The 413 closes the connection; unread bytes make the close a reset, which may beat the answer.
      const answer = await connection.response();
      if (answer !== null || !expected.closesUnreadBody) assert.equal(answer.status, 413);
      if (expected.closesUnreadBody) await connection.closed;
      else await connection.close();
      assert.deepEqual((await bodyReads()).slice(before), ['FRAMEWORK_ERR_BODY_TOO_LARGE']);
      await assertStillServing();
    });

    test('a declared Content-Length over bodyLimit is a 413 before the body is read', async () => {
      const declare = (length) =>
        exchange(`POST /hostile/bytes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${length}\r\n\r\nabc`);
      const before = (await bodyReads()).length;
      const answer = await declare(10_000_000);
      assert.equal(answer.status, 413);
      assert.equal(JSON.parse(answer.body).code, 'FRAMEWORK_ERR_BODY_TOO_LARGE');
      assert.deepEqual((await bodyReads()).slice(before), ['FRAMEWORK_ERR_BODY_TOO_LARGE']);
      // Past Bun's own maxRequestBodySize (128 MiB) Bun answers a bare 413 before app.fetch runs.
      assert.equal((await declare(10_000_000_000)).status, 413);
    });

    // Bun holds the connection after the 503 until its idleTimeout, workerd closes it at once, Deno
    // keeps it until the client goes.
    test('a body that stalls halfway: timeout() answers 503 and the connection closes', async () => {
      const connection = new RawConnection(server.origin, STALL_TIMEOUT);
      await connection.write(
        `POST /hostile/bytes-in-time HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n${'a'.repeat(500)}`,
      );
      const answer = await connection.response();
      assert.equal(answer.status, 503);
      assert.equal(JSON.parse(answer.body).code, 'FRAMEWORK_ERR_REQUEST_TIMEOUT');
      if (expected.closesUnreadBody) await connection.closed;
      else await connection.close();
      await assertStillServing();
    });

    if (runtime.key === 'bun') {
      test("a body that stalls halfway without timeout(): Bun's idleTimeout closes it and the read fails", async () => {
        const before = (await bodyReads()).length;
        const connection = new RawConnection(server.origin, STALL_TIMEOUT);
        await connection.write(
          `POST /hostile/bytes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n${'a'.repeat(500)}`,
        );
        assert.equal(await connection.response(), null);
        assert.deepEqual((await bodyReads()).slice(before), ['FRAMEWORK_ERR_REQUEST_ABORTED']);
      });
    }

    test('request.json() refuses nesting past its depth (413) and __proto__ keys (400); nothing is polluted', async () => {
      const type = 'application/json';
      const deep = await post('/hostile/json', type, `${'['.repeat(100)}${']'.repeat(100)}`);
      assert.equal(deep.status, 413);
      assert.equal(JSON.parse(deep.body).code, 'FRAMEWORK_ERR_BODY_TOO_DEEP');
      for (const poison of [
        '{"__proto__":{"polluted":1}}',
        '{"a":{"constructor":{"prototype":{"polluted":1}}}}',
      ]) {
        const answer = await post('/hostile/json', type, poison);
        assert.equal(answer.status, 400, poison);
        assert.equal(JSON.parse(answer.body).code, 'FRAMEWORK_ERR_BODY_INVALID_JSON');
      }
      assert.deepEqual(await json('/hostile/polluted'), { polluted: false });
    });

    test('request.form() refuses more fields than its cap (413)', async () => {
      const fields = (count) => Array.from({ length: count }, (_, index) => `f${index}=1`).join('&');
      const type = 'application/x-www-form-urlencoded';
      assert.equal((await post('/hostile/form', type, fields(1000))).body, '{"fields":1000}');
      const answer = await post('/hostile/form', type, fields(1001));
      assert.equal(answer.status, 413);
      assert.equal(JSON.parse(answer.body).code, 'FRAMEWORK_ERR_BODY_TOO_MANY_FIELDS');
    });

    test('a malformed percent-escape in the path is a 400', async () => {
      const answer = await get('/hostile/%zz');
      assert.equal(answer.status, 400);
      assert.equal(JSON.parse(answer.body).code, 'FRAMEWORK_ERR_REQUEST_MALFORMED_URL');
    });

    test('a path or query over 16 KB is the runtime’s answer or ours, never a 500', async () => {
      assert.equal((await get(`/hostile/${'a'.repeat(20_000)}`)).status, expected.longPath);
      const query = await get(`/hostile/url?q=${'a'.repeat(20_000)}`);
      assert.equal(query.status, expected.longPath === 404 ? 200 : expected.longPath);
      // Past the runtime's own limit, it answers itself.
      assert.equal((await get(`/hostile/${'a'.repeat(200_000)}`)).status, expected.hugePath);
      await assertStillServing();
    });

    test('// is a path, never a host; /./ and /../ are resolved by the runtime or match nothing', async () => {
      assert.equal((await get('//hostile/url')).status, 404);
      for (const path of ['/hostile/./url', '/hostile/../hostile/url']) {
        const answer = await get(path);
        if (expected.resolvesDotSegments) assert.equal(JSON.parse(answer.body).path, '/url', path);
        else assert.equal(answer.status, 404, path);
      }
    });

    test('thousands of query keys: request.query keeps the first 1000', async () => {
      const query = Array.from({ length: 3000 }, (_, index) => index.toString(36)).join('&');
      assert.deepEqual(await json(`/hostile/query?${query}`), { keys: 1000 });
    });

    test('many cookies reach the handler as one header, bounded by the header limit', async () => {
      const cookies = Array.from({ length: 1500 }, (_, index) => `c${index}=1`).join('; ');
      assert.equal((await get('/hostile/cookies', `Cookie: ${cookies}\r\n`)).body, '{"cookies":1500}');
    });

    test('a Host that is no authority never puts another site in request.url', async () => {
      for (const host of ['a@b', 'evil.example/x?']) {
        const answer = await exchange(`GET /hostile/url HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
        assert.equal(answer.status, expected.badHost.status, host);
        if (expected.badHost.status === 400) {
          assert.equal(JSON.parse(answer.body).code, 'FRAMEWORK_ERR_REQUEST_MALFORMED_URL', host);
        }
        if (expected.badHost.url !== undefined) {
          assert.deepEqual(JSON.parse(answer.body), { url: expected.badHost.url, path: '/url' });
        }
      }
      // The Host must not move the path routed: Deno wrote this one's URL as `…/hostile/url?/hostile/query`.
      const moved = await exchange('GET /hostile/query HTTP/1.1\r\nHost: evil.example/hostile/url?\r\n\r\n');
      assert.equal(moved.status, expected.badHost.status);
      assert.doesNotMatch(moved.body, /"path"/);
      await assertStillServing();
    });

    test('HEAD to a route with a body sends no body', async () => {
      const connection = new RawConnection(server.origin, CONNECTION_TIMEOUT);
      await connection.write('HEAD /hostile/text HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const head = await connection.response({ head: true });
      assert.equal(head.status, 200);
      // Had the HEAD carried its body, the next answer on the connection would start inside it.
      await connection.write('GET /hostile/url HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const next = await connection.response();
      await connection.close();
      assert.equal(next?.status, 200);
      assert.equal(JSON.parse(next.body).path, '/url');
    });

    test('a handler that throws a non-Error or rejects answers a bare 500, and the server keeps serving', async () => {
      for (const path of ['/hostile/throw-string', '/hostile/reject']) {
        const answer = await get(path);
        assert.equal(answer.status, 500, path);
        assert.deepEqual(JSON.parse(answer.body), {
          type: 'about:blank',
          title: 'Internal Server Error',
          status: 500,
        });
      }
      await assertStillServing();
    });

    test('a stream that errors midway is cut after what was sent, with nothing of the error', async () => {
      const answer = await get('/hostile/stream-error');
      assert.equal(answer.status, 200);
      assert.equal(answer.body, 'first chunk;');
      assert.equal(answer.complete, expected.streamErrorComplete);
      assert.doesNotMatch(answer.body, SECRET);
      const atOnce = await get('/hostile/stream-error?at-once');
      assert.deepEqual(
        atOnce && { status: atOnce.status, body: atOnce.body, complete: atOnce.complete },
        expected.streamErrorAtOnce,
      );
      await assertStillServing();
    });
  });
}
