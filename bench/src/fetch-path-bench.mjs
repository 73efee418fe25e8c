#!/usr/bin/env node
// The fetch path in one process, without sockets: CPU ns per `app.fetch(request)` for ours (router-ptr)
// and Hono, on the same three routes, interleaved in rounds, median of the rounds; then ours split into
// its steps (wrapping the Request, the pipeline, making the WHATWG Response), to show where the time
// goes. Runs on Node and on Bun (the same file):
//
//   node bench/src/fetch-path-bench.mjs
//   node_modules/.bin/bun bench/src/fetch-path-bench.mjs
//
// On Bun, both apps get what `Bun.serve` passes as `fetch`'s second argument: its server (one listening
// on 127.0.0.1, port 0, that nothing connects to). BENCH_ROUTER=fmw routes ours through router-fmw
// instead of router-ptr. BENCH_BEFORE=/path/to/another/checkout adds that checkout's build of the
// application and the router as cases of their own ("before"), interleaved with the rest, to compare
// two builds in one process. BENCH_PATHS=/post/42 (comma-separated) runs only those of the three routes.
// After the medians, the ratios of the whole requests computed round by round (median and quartiles).
import * as application from '@framework/application';
import { ServerRequest } from '@framework/application';
import * as fmw from '@framework/router-fmw';
import * as ptr from '@framework/router-ptr';
import { Hono } from 'hono';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const CALLS = Number(process.env.BENCH_CALLS ?? 20_000);
const PATHS = process.env.BENCH_PATHS?.split(',') ?? ['/', '/ping', '/post/42'];
const URLS = PATHS.map((path) => `http://127.0.0.1${path}`);

const ROUTER = process.env.BENCH_ROUTER === 'fmw' ? 'FindMyWayRouter' : 'PathToRegexpRouter';

/** The three routes on an application of one build. */
function appOf({ Application, JsonResponse, TextResponse }, routers) {
  const app = new Application(new routers[ROUTER]());
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/', () => new TextResponse('Hello, world!'));
  app.get('/ping', () => new JsonResponse({ ack: Math.floor(Date.now() / 1000) }));
  app.get('/post/{id}', (request) => new TextResponse(`Post ${request.params.id}`));
  return app;
}

const ours = appOf(application, ROUTER === 'FindMyWayRouter' ? fmw : ptr);
const BEFORE = process.env.BENCH_BEFORE;
const before = BEFORE
  ? appOf(
      await import(`${BEFORE}/packages/application/dist/index.mjs`),
      await import(
        `${BEFORE}/packages/router-${ROUTER === 'FindMyWayRouter' ? 'fmw' : 'ptr'}/dist/index.mjs`
      ),
    )
  : undefined;
const BeforeRequest = before && (await import(`${BEFORE}/packages/application/dist/index.mjs`)).ServerRequest;
const server =
  typeof Bun === 'undefined'
    ? undefined
    : Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(null, { status: 404 }) });

const hono = new Hono();
hono.get('/', (c) => c.text('Hello, world!'));
hono.get('/ping', (c) => c.json({ ack: Math.floor(Date.now() / 1000) }));
hono.get('/post/:id', (c) => c.text(`Post ${c.req.param('id')}`));

const made = Object.fromEntries(URLS.map((url) => [url, new Request(url)]));

/** Each case answers one request; the Request is made inside, as a server makes one per request. */
const cases = {
  'hono: app.fetch': (url) => hono.fetch(new Request(url), server),
  ...(before && { 'before: app.fetch': (url) => before.fetch(new Request(url), server) }),
  'ours: app.fetch': (url) => ours.fetch(new Request(url), server),
  // The same with each Request made once, to show the frameworks' own cost beside the runtime's.
  'hono: app.fetch, Requests made once': (url) => hono.fetch(made[url], server),
  'ours: app.fetch, Requests made once': (url) => ours.fetch(made[url], server),
  'ours: new Request only': (url) => new Request(url),
  'ours: + ServerRequest.fromRequest': (url) => ServerRequest.fromRequest(new Request(url)),
  'ours: + app.handle (no Response)': (url) => ours.handle(ServerRequest.fromRequest(new Request(url))),
  ...(before && {
    'before: + app.handle (no Response)': (url) => before.handle(BeforeRequest.fromRequest(new Request(url))),
  }),
  // Node's undici makes a Request in about 5 µs: these leave it out, to show the pipeline's own cost.
  'ours: app.handle, Requests made once': (url) => ours.handle(ServerRequest.fromRequest(made[url])),
  ...(before && {
    'before: app.handle, Requests made once': (url) => before.handle(BeforeRequest.fromRequest(made[url])),
  }),
};

/** CPU time of this process per call (user + system), steadier than the clock on a loaded machine. */
async function time(run) {
  const start = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) {
    const result = await run(URLS[i % URLS.length]);
    if (result instanceof Response) await result.arrayBuffer();
  }
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / CALLS;
}

const names = Object.keys(cases);
const samples = Object.fromEntries(names.map((name) => [name, []]));
for (const name of names) await time(cases[name]); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  for (let step = 0; step < names.length; step++) {
    const name = names[(round + step) % names.length];
    samples[name].push(await time(cases[name]));
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const runtime = typeof Bun === 'undefined' ? `Node ${process.version}` : `Bun ${Bun.version}`;
const hono_ = median(samples['hono: app.fetch']);
console.log(`${runtime}, ${ROUTER}, ${CALLS} calls per sample, median of ${ROUNDS} rounds:\n`);
console.log('| case | CPU ns per request | × Hono |\n|---|--:|--:|');
for (const name of names) {
  const ns = median(samples[name]);
  console.log(`| ${name} | ${ns.toFixed(0)} | ${(ns / hono_).toFixed(2)} |`);
}
// The same comparison round by round (each round runs every case once, back to back), which a
// machine whose load drifts during the run disturbs less than the medians of separate cases.
const ratioLines = [
  ['ours: app.fetch', 'hono: app.fetch'],
  ['ours: app.fetch, Requests made once', 'hono: app.fetch, Requests made once'],
  ...(before
    ? [
        ['ours: app.fetch', 'before: app.fetch'],
        ['before: app.fetch', 'hono: app.fetch'],
      ]
    : []),
];
console.log('\n| per round | median | quartiles |\n|---|--:|--:|');
for (const [top, bottom] of ratioLines) {
  const ratios = samples[top].map((ns, round) => ns / samples[bottom][round]).sort((a, b) => a - b);
  const at = (share) => ratios[Math.floor((ratios.length - 1) * share)].toFixed(2);
  console.log(`| ${top} ÷ ${bottom} | ${at(0.5)} | ${at(0.25)}-${at(0.75)} |`);
}
server?.stop(true);
