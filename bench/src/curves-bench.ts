import { cpus, loadavg } from 'node:os';
import { barChart, lineChart, writeChart } from './curves/charts';
import { HTTP_SERVERS, measureHttpCurve, nodeLines } from './curves/http-curve';
import { measureLookupCurve } from './curves/lookup-curve';
import { MIDDLEWARE_DEPTHS, measureMiddlewareCurve } from './curves/middleware-curve';
import { measureRegistration } from './curves/registration-cost';
import { pinDriver } from './http-measure';
import { writeBenchmarkSection } from './write-benchmarks';

// The cost curves, measured in one run and reported as ratios: lookups against table size,
// registration of 10,000 routes, cost per extra middleware, and HTTP CPU per request on two Node lines.
// Run from the repository root after building the packages: npm run bench:curves --workspace bench
const COMMAND = 'npx turbo run build --filter=@framework/bench^... && npm run bench:curves --workspace bench';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HTTP_TIMING = {
  duration: Number(process.env.BENCH_DURATION ?? 2),
  warmup: Number(process.env.BENCH_WARMUP ?? 1),
  quietWait: Number(process.env.BENCH_QUIET_WAIT ?? 3),
};
const REGISTERED = 10_000;

const load = (): string => (loadavg()[0] as number).toFixed(1);
const fixed = (value: number, digits = 0): string => value.toFixed(digits);

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

async function main(): Promise<void> {
  // Pinned to CPU 1, with every thread: the HTTP servers run on CPU 0.
  pinDriver();
  const started = Date.now();
  const loads: string[] = [load()];
  const log = (line: string): void => void process.stderr.write(`${line}\n`);

  log('lookups...');
  const lookups = measureLookupCurve(ROUNDS);
  const registration = measureRegistration(REGISTERED, ROUNDS);
  log('middleware...');
  const middleware = await measureMiddlewareCurve(ROUNDS);
  loads.push(load());
  log('HTTP...');
  const lines = nodeLines();
  const http = await measureHttpCurve(lines, ROUNDS, HTTP_TIMING, log);
  loads.push(load());

  const lookupChart = await writeChart(
    'lookup-curve',
    lineChart({
      title: 'Lookup time against table size, × raw find-my-way',
      values: lookups.filter((point) => point.generated),
      x: { field: 'routes', title: 'routes in the table', log: true },
      y: { field: 'ratio', title: '× raw find-my-way' },
      series: 'router',
    }),
  );
  const registrationChart = await writeChart(
    'registration',
    barChart({
      title: `Registering ${REGISTERED.toLocaleString('en')} routes and the first lookup (ms)`,
      values: registration,
      category: 'router',
      value: { field: 'ms', title: 'ms' },
    }),
  );
  const middlewareChart = await writeChart(
    'middleware-curve',
    lineChart({
      title: 'app.handle() against extra middleware',
      values: middleware,
      x: { field: 'depth', title: 'pass-through middleware before routing' },
      y: { field: 'ns', title: 'ns per request' },
    }),
  );
  const httpChart = await writeChart(
    'http-cpu',
    barChart({
      title: 'Server CPU per request, × raw node:http',
      values: http,
      category: 'server',
      value: { field: 'ratio', title: '× raw node:http' },
      column: 'mode',
      row: 'node',
    }),
  );

  const tableNames = [...new Set(lookups.map((point) => point.table))];
  const refRegistration = registration.find((each) => each.router === 'find-my-way (raw)')!;
  const body = [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'} (shared VM); load average (1 min) ${loads.join(' → ')} ` +
      `over the run of ${fixed((Date.now() - started) / 1000)} s. Node lines: ${lines.map((line) => `${line.name} (${line.version})`).join(', ')}. ` +
      `Every figure is compared only with figures of the same run; above a load of about 1 the ns and µs move ` +
      `by up to 2× between runs and the ratios say more.`,
    `Command: \`${COMMAND}\` (\`BENCH_ROUNDS\`, \`BENCH_DURATION\`, \`BENCH_WARMUP\` change its length).`,
    `### Lookups against table size\n\n![lookup curve](${lookupChart})\n\nThe GitHub REST API table (317 routes, \`bench/src/github-routes.ts\`; a column of its own, not on the chart) and generated tables (a third each static, one-param, three-param routes), each looked up with a mix of static, one-param, three-param and missing paths; best median of ${ROUNDS} rounds, in one process pinned to CPU 1.\n\n` +
      table(
        [
          'router',
          ...tableNames.map((name) => (/^\d+$/.test(name) ? `${name} routes` : name)),
          ...tableNames.map((name) => `× raw, ${name}`),
        ],
        [...new Set(lookups.map((point) => point.router))].map((router) => {
          const points = lookups.filter((point) => point.router === router);
          return [
            router,
            ...points.map((point) => `${fixed(point.ns)} ns`),
            ...points.map((point) => `${fixed(point.ratio, 2)}×`),
          ];
        }),
      ),
    `### Registering ${REGISTERED.toLocaleString('en')} routes\n\n![registration](${registrationChart})\n\nTime to add the routes and answer the first lookup (the adapters compile their table then), best of ${ROUNDS}; heap the router holds afterwards, after a full garbage collection. Goal: under 600 ms.\n\n` +
      table(
        ['router', 'ms', '× raw find-my-way', 'heap (MB)'],
        registration.map((each) => [
          each.router,
          fixed(each.ms),
          `${fixed(each.ms / refRegistration.ms, 2)}×`,
          fixed(each.heapMb, 1),
        ]),
      ),
    `### Cost per extra middleware\n\n![middleware curve](${middlewareChart})\n\nIn-process \`app.handle()\` of GET /post/42 (FindMyWayRouter, routing and dispatch) with 0, ${MIDDLEWARE_DEPTHS.slice(1).join(', ')} pass-through middleware \`(request, handler) => handler.handle(request)\` piped before routing; best median of ${ROUNDS} rounds. Goal: at most 300 ns per extra middleware.\n\n` +
      table(
        ['extra middleware', 'ns per request', 'ns per extra middleware'],
        middleware.map((point) => [
          String(point.depth),
          fixed(point.ns),
          point.nsPerMiddleware === null ? '-' : fixed(point.nsPerMiddleware),
        ]),
      ),
    `### HTTP CPU per request\n\n![HTTP CPU](${httpChart})\n\nGET /, /ping, /post/42 in rotation; each server in its own process on CPU 0 (autocannon, 10 connections, on CPU 1; 127.0.0.1 only), ${ROUNDS} samples of ${HTTP_TIMING.duration} s after a ${HTTP_TIMING.warmup} s warm-up, servers in rotated order; server CPU time divided by requests served, median, and its ratio to raw node:http on the same Node line and load.\n\n` +
      table(
        [
          'Node',
          'load',
          ...HTTP_SERVERS.map((server) => `${server} µs`),
          ...HTTP_SERVERS.slice(1).map((server) => `${server} × raw`),
        ],
        [...new Set(http.map((point) => `${point.node}\u0000${point.mode}`))].map((key) => {
          const [node, mode] = key.split('\u0000') as [string, string];
          const points = HTTP_SERVERS.map((server) =>
            http.find((point) => point.node === node && point.mode === mode && point.server === server)!,
          );
          return [
            node,
            mode,
            ...points.map((point) => fixed(point.cpuMicros, 1)),
            ...points.slice(1).map((point) => `${fixed(point.ratio, 2)}×`),
          ];
        }),
      ),
  ].join('\n\n');
  writeBenchmarkSection('Cost curves', body);
  log(body);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
