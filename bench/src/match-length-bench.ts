import { loadavg } from 'node:os';
import { Route, type Router, type RouterLimits } from '@framework/router-contract';
import { ExplicitMethodsRouter } from '@framework/router-explicit-methods';
import { FindMyWayRouter } from '@framework/router-fmw';
import { PathToRegexpRouter } from '@framework/router-ptr';
import { lastResult, nsPerLookup } from './router-bench-measure';
import { writeBenchmarkSection } from './write-benchmarks';

// Match time against path length on every adapter: long paths must cost time linear in their length
// (×4 per step from 1 to 64 kB), never quadratic (×16). See /work/shared/BENCHMARKING.md.
// Run from the repository root after building the packages (command below).
const COMMAND =
  'npx turbo run build --filter=@framework/bench^... && taskset -c 1 npx tsx bench/src/match-length-bench.ts';
const SIZES_KB = [1, 4, 16, 64];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const ADAPTERS: readonly [string, (limits: RouterLimits) => Router][] = [
  ['FindMyWayRouter', (limits) => new FindMyWayRouter(limits)],
  ['PathToRegexpRouter', (limits) => new PathToRegexpRouter(limits)],
  ['ExplicitMethodsRouter', (limits) => new ExplicitMethodsRouter(limits)],
];
const LIMITS: readonly [string, RouterLimits][] = [
  ['default (100)', {}],
  ['Infinity', { maxParamLength: Infinity }],
];

/** A path of exactly `length` characters: `prefix`, then `unit` repeated, then `suffix`. */
function pathOf(prefix: string, unit: string, suffix: string, length: number): string {
  const fill = length - prefix.length - suffix.length;
  return prefix + unit.repeat(Math.ceil(fill / unit.length)).slice(0, fill) + suffix;
}

interface Shape {
  readonly name: string;
  readonly path: (length: number) => string;
}

const SHAPES: readonly Shape[] = [
  {
    name: '`/files/a.a.…txt`: one segment, miss (token)',
    path: (length) => pathOf('/files/', 'a.', 'txt', length),
  },
  {
    name: '`/files/a.a.…json`: one segment, hit if the limit allows',
    path: (length) => pathOf('/files/', 'a.', '.json', length),
  },
  { name: '`/docs/ab/ab/…x`: many segments, miss', path: (length) => pathOf('/docs/', 'ab/', 'x', length) },
];

function routerFor(create: (limits: RouterLimits) => Router, limits: RouterLimits): Router {
  const router = create(limits);
  const files = new Route('/files/{name}.{ext}', 'file', ['GET']).setOptions({
    tokens: { ext: 'json|xml|csv' },
  });
  router.addRoute(files);
  router.addRoute(new Route('/docs/{section}/{page}', 'page', ['GET']));
  router.addRoute(new Route('/docs/{section}/v{n}/{page}', 'versioned page', ['GET']));
  router.addRoute(new Route('/', 'home', ['GET']));
  return router;
}

function microseconds(ns: number): string {
  const us = ns / 1000;
  return us >= 100 ? us.toFixed(0) : us >= 10 ? us.toFixed(1) : us.toFixed(2);
}

function main(): void {
  const load = { start: (loadavg()[0] as number).toFixed(1), end: '' };
  const lines = [
    `| adapter | maxParamLength | path | ${SIZES_KB.map((kb) => `${kb} kB`).join(' | ')} | ×4 kB/1 kB | ×16 kB/1 kB | ×64 kB/1 kB |`,
    `|${' --- |'.repeat(SIZES_KB.length + 6)}`,
  ];
  for (const [adapterName, create] of ADAPTERS) {
    for (const [limitName, limits] of LIMITS) {
      const router = routerFor(create, limits);
      for (const shape of SHAPES) {
        const figures = SIZES_KB.map((kb) => {
          const path = shape.path(kb * 1024);
          const lookup = (method: string, each: string) => router.match({ method, path: each });
          let best = Infinity;
          for (let round = 0; round < ROUNDS; round++)
            best = Math.min(best, nsPerLookup(lookup, [{ kind: 'missing', method: 'GET', path }]));
          return best;
        });
        const base = figures[0] as number;
        const ratios = figures.slice(1).map((ns) => `${(ns / base).toFixed(1)}×`);
        const line = `| ${adapterName} | ${limitName} | ${shape.name} | ${figures.map(microseconds).join(' | ')} | ${ratios.join(' | ')} |`;
        process.stderr.write(`${line}\n`);
        lines.push(line);
      }
    }
  }
  void lastResult();
  load.end = (loadavg()[0] as number).toFixed(1);
  const table = lines.join('\n');
  console.log(table);
  writeBenchmarkSection(
    'Match time against path length',
    [
      'µs per `match` for paths of 1, 4, 16 and 64 kB (median of many short samples after a warm-up, best',
      `of ${ROUNDS} rounds), and the ratio to the 1 kB figure: linear growth is ×4, ×16, ×64; quadratic`,
      'would be ×16, ×256, ×4096. Table: `/files/{name}.{ext}` (token `ext: json|xml|csv`),',
      '`/docs/{section}/{page}`, `/docs/{section}/v{n}/{page}`, `/`. With the default `maxParamLength` a',
      'long path fails each placeholder route by its length before any expression runs; with `Infinity`',
      'the whole segment is split by `splitSegment` (the "hit" path matches with `name` of up to 64 kB).',
      'The miss tries every `.` as the end of `name` (half the characters), and runs twice: once to match,',
      'once to list the allowed methods of a failure; the hit takes the last `.` at once.',
      '',
      table,
      '',
      `Command: \`${COMMAND}\`. The machine (2 vCPU) was shared with other work during the run: load`,
      `average ${load.start} at the start, ${load.end} at the end. Before the split was made linear, the 14 kB`,
      'miss path took about 7 s per match on PathToRegexpRouter and ExplicitMethodsRouter.',
    ].join('\n'),
  );
}

main();
