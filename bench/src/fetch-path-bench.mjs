#!/usr/bin/env node
// The fetch path in one process, without sockets: CPU ns per `app.fetch(request)` for ours (router-ptr)
// and Hono, on the same three routes, interleaved in rounds, median of the rounds; then ours split into
// its steps (wrapping the Request, the pipeline, making the WHATWG Response), to show where the time
// goes. Runs on Node and on Bun (the same file):
//
//   node bench/src/fetch-path-bench.mjs
//   node_modules/.bin/bun bench/src/fetch-path-bench.mjs
import { Application, JsonResponse, ServerRequest, TextResponse } from '@framework/application';
import { PathToRegexpRouter } from '@framework/router-ptr';
import { Hono } from 'hono';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const CALLS = Number(process.env.BENCH_CALLS ?? 20_000);
const URLS = ['/', '/ping', '/post/42'].map((path) => `http://127.0.0.1${path}`);

const ours = new Application(new PathToRegexpRouter());
ours.pipeRoutingMiddleware();
ours.pipeDispatchMiddleware();
ours.get('/', () => new TextResponse('Hello, world!'));
ours.get('/ping', () => new JsonResponse({ ack: Math.floor(Date.now() / 1000) }));
ours.get('/post/{id}', (request) => new TextResponse(`Post ${request.params.id}`));

const hono = new Hono();
hono.get('/', (c) => c.text('Hello, world!'));
hono.get('/ping', (c) => c.json({ ack: Math.floor(Date.now() / 1000) }));
hono.get('/post/:id', (c) => c.text(`Post ${c.req.param('id')}`));

/** Each case answers one request; the Request is made inside, as a server makes one per request. */
const cases = {
  'hono: app.fetch': (url) => hono.fetch(new Request(url)),
  'ours: app.fetch': (url) => ours.fetch(new Request(url)),
  'ours: new Request only': (url) => new Request(url),
  'ours: + ServerRequest.fromRequest': (url) => ServerRequest.fromRequest(new Request(url)),
  'ours: + app.handle (no Response)': (url) => ours.handle(ServerRequest.fromRequest(new Request(url))),
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
console.log(`${runtime}, ${CALLS} calls per sample, median of ${ROUNDS} rounds:\n`);
console.log('| case | CPU ns per request | × Hono |\n|---|--:|--:|');
for (const name of names) {
  const ns = median(samples[name]);
  console.log(`| ${name} | ${ns.toFixed(0)} | ${(ns / hono_).toFixed(2)} |`);
}
