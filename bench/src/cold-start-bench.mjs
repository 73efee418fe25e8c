#!/usr/bin/env node
// Cold start and size of a hello app (GET / answers "Hello"): ours with each router adapter, Hono and
// Fastify, measured in one run and printed as a markdown table.
// - import: the time a fresh Node process takes to import the packages, median of BENCH_RUNS (15)
//   processes, the contenders' order rotated each round;
// - modules: how many module files that import loads (ES modules through module hooks, CommonJS
//   through require's cache), in one more process;
// - start to first answer: from spawning `node server.mjs` to the end of the answer to GET /, median of
//   BENCH_RUNS processes; the server listens on 127.0.0.1 and an ephemeral port and is killed after;
// - bundle: the hello app bundled by esbuild for platform browser, minified (src/bundle-size.mjs).
// Processes run pinned to CPU 0 and this one to CPU 1 when `taskset` exists (see BENCHMARKING notes).
//
//   npx turbo run build --filter=@framework/bench^... && npm run bench:cold-start --workspace bench
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatKilobytes, measureBundle } from './bundle-size.mjs';
import { startServer } from '../../examples/runtimes/test/start-server.mjs';
import { CONTENDERS, helloAppModule, helloServerScript } from './cold-start/contenders.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const START_TIMEOUT = 10_000;
const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
const COUNT_MODULES = fileURLToPath(new URL('cold-start/count-modules.mjs', import.meta.url));
const pinned = hasTaskset();

// The scripts live in a temporary folder inside bench/, so they resolve packages as the bench does.
const work = mkdtempSync(join(BENCH_DIR, '.cold-start-'));
try {
  if (pinned) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  const scripts = CONTENDERS.map((contender, index) => writeScripts(contender, index));
  const imports = scripts.map(() => []);
  const starts = scripts.map(() => []);
  for (let round = 0; round < RUNS; round++) {
    for (let step = 0; step < scripts.length; step++) {
      const index = (round + step) % scripts.length;
      imports[index].push(await timeImport(scripts[index]));
      starts[index].push(await timeFirstAnswer(scripts[index]));
    }
  }
  const rows = [];
  for (const [index, contender] of CONTENDERS.entries()) {
    const bundle = await measureBundle(helloAppModule(contender));
    rows.push({
      name: contender.name,
      importMs: median(imports[index]),
      modules: await countModules(scripts[index]),
      startMs: median(starts[index]),
      bundle,
    });
  }
  printTable(rows);
} finally {
  rmSync(work, { recursive: true, force: true });
}

function writeScripts(contender, index) {
  const imports = join(work, `imports-${index}.mjs`);
  const timer = join(work, `time-import-${index}.mjs`);
  const counter = join(work, `count-${index}.mjs`);
  const server = join(work, `server-${index}.mjs`);
  writeFileSync(imports, `${contender.imports}\n`);
  writeFileSync(
    timer,
    `const start = performance.now();\nawait import('./imports-${index}.mjs');\n` +
      'console.log(JSON.stringify({ ms: performance.now() - start }));\n',
  );
  writeFileSync(
    counter,
    `await import('./imports-${index}.mjs');\n` +
      `await globalThis.reportLoadedModules(${JSON.stringify([imports, counter])});\n`,
  );
  writeFileSync(server, helloServerScript(contender));
  return { imports, timer, counter, server };
}

function nodeCommand(args) {
  return pinned ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args];
}

async function timeImport({ timer }) {
  const [command, args] = nodeCommand([timer]);
  return JSON.parse(execFileSync(command, args, { encoding: 'utf8', timeout: START_TIMEOUT })).ms;
}

async function countModules({ counter }) {
  const [command, args] = nodeCommand(['--import', COUNT_MODULES, counter]);
  const output = execFileSync(command, args, { encoding: 'utf8', timeout: START_TIMEOUT });
  return JSON.parse(output.trim().split('\n').at(-1)).modules.length;
}

/** Milliseconds from spawning the server to the whole answer to GET /. */
async function timeFirstAnswer({ server }) {
  const [command, args] = nodeCommand([server]);
  const started = performance.now();
  const { origin, stop } = await startServer(command, args, BENCH_DIR);
  try {
    const body = await get(origin);
    const elapsed = performance.now() - started;
    if (body !== 'Hello') throw new Error(`${server} answered ${JSON.stringify(body)}, not "Hello"`);
    return elapsed;
  } finally {
    await stop();
  }
}

function get(origin) {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/`, { agent: false, timeout: START_TIMEOUT }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve(body));
    });
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', reject);
    req.end();
  });
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function printTable(rows) {
  const hono = rows.find((row) => row.name === 'hono');
  console.log(
    `Cold start and size, Node ${process.version}, median of ${RUNS} processes each` +
      `${pinned ? ' (pinned to CPU 0)' : ''}:\n`,
  );
  console.log(
    '| hello app | import | × Hono | modules | start to first answer | bundle, min | bundle, gzip | Node modules it needs |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|---|');
  for (const row of rows) {
    const needs = row.bundle.unresolved.map(({ name }) => name);
    const unresolved = needs.length === 0 ? 'none' : `${needs.length}: ${needs.join(', ')}`;
    const sizes = needs.length === 0 ? '' : ' ¹';
    console.log(
      `| ${row.name} | ${row.importMs.toFixed(1)} ms | ${(row.importMs / hono.importMs).toFixed(2)} | ` +
        `${row.modules} | ${row.startMs.toFixed(1)} ms | ${formatKilobytes(row.bundle.minBytes)}${sizes} | ` +
        `${formatKilobytes(row.bundle.gzipBytes)}${sizes} | ${unresolved} |`,
    );
  }
  if (rows.some((row) => row.bundle.unresolved.length > 0)) {
    console.log(
      '\n¹ does not bundle for platform browser; the size with the Node modules it needs left external',
    );
  }
}

function hasTaskset() {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
