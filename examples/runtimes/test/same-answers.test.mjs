import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { followEventStream } from './event-stream.mjs';
import { root, runtimes } from './runtimes.mjs';
import { startServer } from './start-server.mjs';

const json = { 'content-type': 'application/json' };
const legacy = (method, path, body = null) => JSON.stringify({ method, path, body });
/**
 * The requests sent to every runtime (`payload` is the request body), with the answer each must give:
 * `body` exactly, or `bodyOn[runtime.key]` where runtimes differ by design, or a body that must not
 * match `hides`.
 */
const requests = [
  { method: 'GET', path: '/', status: 200, body: 'Hello from @framework!' },
  { method: 'GET', path: '/ping', status: 200, body: '{"ack":<seconds>}' },
  { method: 'HEAD', path: '/', status: 200, body: '' },
  { method: 'POST', path: '/post', payload: 'héllo', status: 200, body: 'Received a POST with 6 bytes.' },
  {
    method: 'POST',
    path: '/echo',
    headers: json,
    payload: '{"name":"Ada","tags":["a","b"]}',
    status: 201,
    body: '{"received":{"name":"Ada","tags":["a","b"]}}',
  },
  { method: 'POST', path: '/echo', headers: json, payload: '{"name":', status: 400 },
  { method: 'GET', path: '/api/users/7?x=1', status: 200, body: '{"id":7,"self":"/api/users/7"}' },
  { method: 'GET', path: '/api/users/abc', status: 404 },
  { method: 'DELETE', path: '/ping', status: 405, allow: 'GET, HEAD, OPTIONS' },
  { method: 'GET', path: '/missing', status: 404 },
  { method: 'GET', path: '/boom', status: 500, hides: /secret|at [\w.]+ \(/ },
  { method: 'GET', path: '/legacy', status: 200, body: legacy('GET', '/') },
  { method: 'GET', path: '/legacy/', status: 200, body: legacy('GET', '/') },
  {
    method: 'POST',
    path: '/legacy/items/3?x=1',
    payload: 'streamed through',
    status: 200,
    body: legacy('POST', '/items/3?x=1', 'streamed through'),
  },
  { method: 'GET', path: '/legacy/missing', status: 404, body: 'legacy has no such page' },
  { method: 'POST', path: '/legacy/items/4', payload: 'x'.repeat(64 * 1024 + 1), status: 413 },
  {
    method: 'GET',
    path: '/env',
    status: 200,
    body: '{"greeting":null}',
    bodyOn: { workerd: '{"greeting":"hello from a worker binding"}' },
  },
  {
    method: 'GET',
    path: '/self',
    status: 200,
    body: '{"ping":[200,"piped","number"],"echo":[201,{"received":{"a":1}}]}',
  },
  // workerd reports no peer address (on Cloudflare, the CF-Connecting-IP header names the client).
  {
    method: 'GET',
    path: '/ip',
    status: 200,
    body: '{"clientAddress":"127.0.0.1"}',
    bodyOn: { workerd: '{"clientAddress":null}' },
  },
];
const headersOfInterest = ['content-type', 'allow', 'x-runtimes-app'];

const servers = [];
after(() => Promise.all(servers.map((server) => server.stop())));

let nodeAnswers;
for (const runtime of runtimes) {
  test(`${runtime.name} answers through ${runtime.via}`, async () => {
    const server = await startServer(runtime.command, runtime.args, root);
    servers.push(server);
    const answers = [];
    for (const request of requests) answers.push(await send(server.origin, request));
    // workerd serves the application without the event stream: compress() needs node:zlib.
    const events = runtime.key === 'workerd' ? undefined : await followEventStream(server.origin);
    await server.stop();

    if (events !== undefined)
      assert.deepEqual(events, {
        status: 200,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'content-encoding': null,
        blocks: [
          ': connected',
          'retry: 1000',
          'event: greeting\nid: 1\ndata: hello\ndata: after 41',
          'id: 2\ndata: second',
        ],
        writerEnded: true,
      });

    requests.forEach((request, index) => {
      const answer = answers[index];
      assert.equal(answer.status, request.status, answer.request);
      assert.equal(answer['x-runtimes-app'], 'piped', `${answer.request}: the middleware header`);
      const body = request.bodyOn?.[runtime.key] ?? request.body;
      if (body !== undefined) assert.equal(answer.body, body, answer.request);
      if (request.hides !== undefined) assert.doesNotMatch(answer.body, request.hides, answer.request);
      if (request.allow !== undefined) assert.equal(answer.allow, request.allow, answer.request);
    });
    // Answers that differ by design (bodyOn) are checked above; the rest must be Node's, byte for byte.
    const comparable = answers.filter((_, index) => requests[index].bodyOn === undefined);
    if (nodeAnswers === undefined) nodeAnswers = comparable;
    else assert.deepEqual(comparable, nodeAnswers, `${runtime.name} answers differently from Node`);
  });
}

async function send(origin, { method, path, headers, payload }) {
  const response = await fetch(origin + path, {
    method,
    headers,
    body: payload,
    signal: AbortSignal.timeout(10_000),
  });
  const answer = { request: `${method} ${path}`, status: response.status };
  for (const name of headersOfInterest) answer[name] = response.headers.get(name);
  answer['content-type'] = typeInMeaning(answer['content-type']);
  answer.body = await response.text();
  // The clock moves between runs, and the 400 for malformed JSON quotes the engine's own JSON.parse
  // message (V8 in Node and Deno, JavaScriptCore in Bun): keep the rest of those answers.
  answer.body = answer.body
    .replace(/^\{"ack":\d+\}$/, '{"ack":<seconds>}')
    .replace(/not valid JSON \(.+?\)\./, 'not valid JSON (<JSON.parse message>).');
  return answer;
}

/**
 * A content type as a client reads it, without the whitespace and case that carry no meaning: Bun's
 * server sends a bare text answer with its own default `text/plain;charset=utf-8`, the others
 * `text/plain; charset=utf-8`, the same media type and charset.
 */
function typeInMeaning(type) {
  return type === null ? null : type.replace(/\s*;\s*/g, ';').toLowerCase();
}
