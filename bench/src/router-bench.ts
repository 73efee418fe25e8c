import { loadavg } from 'node:os';
import { writeBenchmarkSection } from './write-benchmarks';
import { contenders, type Contender } from './router-bench-contenders';
import { lastResult, nsPerLookup } from './router-bench-measure';
import { generatedTable, GITHUB_TABLE, type BenchTable } from './router-bench-tables';

// Router lookups, ns per lookup, every contender in this one process (see /work/shared/BENCHMARKING.md).
// Run from the repository root after building the packages: npx tsx bench/src/router-bench.ts
const COMMAND = 'npx turbo run build --filter=@framework/bench^... && npx tsx bench/src/router-bench.ts';
const TABLES: readonly BenchTable[] = [GITHUB_TABLE, ...[10, 100, 1_000, 10_000].map(generatedTable)];

function check(
  contender: Contender,
  table: BenchTable,
  lookup: (method: string, path: string) => unknown,
): void {
  for (const { kind, method, path } of table.lookups) {
    if (Boolean(lookup(method, path)) !== (kind !== 'missing')) {
      throw new Error(
        `${contender.name} on ${table.name}: ${method} ${path} should ${kind === 'missing' ? 'miss' : 'hit'}`,
      );
    }
  }
}

function format(ns: number): string {
  return ns >= 10_000 ? `${(ns / 1000).toFixed(0)} µs` : `${ns.toFixed(0)} ns`;
}

// Five rounds of every cell (about 45 s in all): other work on the shared VM must not decide a figure.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

function main(): void {
  const load = { start: (loadavg()[0] as number).toFixed(1), end: '' };
  // Build every router first, then measure every cell in ROUNDS rounds and keep each cell's best
  // median: the VM is shared, and one noisy round must not decide a figure.
  const cells = contenders().map((contender) => ({
    contender,
    lookups: TABLES.map((table) => {
      const lookup = contender.build(table.routes);
      check(contender, table, lookup);
      return lookup;
    }),
  }));
  const results = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const { contender, lookups } of cells) {
      const row = results.get(contender.name) ?? TABLES.map(() => Infinity);
      lookups.forEach((lookup, i) => {
        row[i] = Math.min(row[i] as number, nsPerLookup(lookup, (TABLES[i] as BenchTable).lookups));
      });
      results.set(contender.name, row);
      process.stderr.write(`round ${round + 1}: ${contender.name}: ${row.map(format).join(', ')}\n`);
    }
  }
  void lastResult();
  load.end = (loadavg()[0] as number).toFixed(1);
  const reference = (results.get('find-my-way (raw)') as number[])[0] as number;
  const header = `| router | ${TABLES.map((table) => table.name).join(' | ')} | × raw find-my-way (GitHub) | growth 100 → 10,000 |`;
  const lines = [header, `|${' --- |'.repeat(TABLES.length + 3)}`];
  for (const [name, row] of results) {
    const ratio = (row[0] as number) / reference;
    const growth = (row[4] as number) / (row[2] as number);
    lines.push(`| ${name} | ${row.map(format).join(' | ')} | ${ratio.toFixed(1)}× | ${growth.toFixed(1)}× |`);
  }
  const table = lines.join('\n');
  console.log(table);
  writeBenchmarkSection(
    'Router lookups',
    [
      `Time per \`match\` (ns or µs per lookup: median of many short samples after a warm-up, best of ${ROUNDS}`,
      'rounds, all routers in one process). Columns: the GitHub REST API table (317 routes, `bench/src/github-routes.ts`) and generated',
      'tables of 10 to 10,000 routes (a third each static, one-param, three-param). Each table is looked up',
      'with a mix of static, one-param, three-param and missing paths. Raw path-to-regexp is a linear scan',
      'of `match` functions; raw @koa/router is `router.match(path, method)`.',
      '',
      table,
      '',
      'What changed, and the effect of each change: see "FindMyWayRouter and the request path" below.',
      '',
      `Load average (1 min) when the run started: ${load.start}, when it ended: ${load.end} (2 vCPUs). Above`,
      'about 1, other work shared the VM: the figures then move by up to 2× between runs, and the ratios to raw',
      'find-my-way measured in the same rounds say more than the nanoseconds.',
      '',
      'Profile one router: `node --cpu-prof --import tsx bench/src/router-bench-profile.ts FindMyWayRouter`.',
      '',
      `Command (from the repository root): \`${COMMAND}\``,
    ].join('\n'),
  );
}

main();
