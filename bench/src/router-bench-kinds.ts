import { contenders } from './router-bench-contenders';
import { lastResult, nsPerLookup } from './router-bench-measure';
import { GITHUB_TABLE, type Lookup } from './router-bench-tables';

// ns per lookup on the GitHub table by kind of path, each contender against raw find-my-way in the
// same process (best median of BENCH_ROUNDS rounds): where an adapter's time goes, kind by kind.
// Run from the repository root after building the packages:
// taskset -c 1 npx tsx bench/src/router-bench-kinds.ts [contender names, comma-separated]
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REFERENCE = 'find-my-way (raw)';
const wanted = (
  process.argv[2] ?? `${REFERENCE},FindMyWayRouter,PathToRegexpRouter,ExplicitMethodsRouter`
).split(',');

const groups: [string, readonly Lookup[]][] = [['all', GITHUB_TABLE.lookups]];
for (const kind of ['static', '1 param', '3 params', 'missing'] as const)
  groups.push([kind, GITHUB_TABLE.lookups.filter((lookup) => lookup.kind === kind)]);

const measured = contenders()
  .filter((contender) => contender.name === REFERENCE || wanted.includes(contender.name))
  .map((contender) => ({
    name: contender.name,
    lookup: contender.build(GITHUB_TABLE.routes),
    best: groups.map(() => Infinity),
  }));
for (let round = 0; round < ROUNDS; round++) {
  for (const each of measured) {
    groups.forEach(([, lookups], i) => {
      each.best[i] = Math.min(each.best[i] as number, nsPerLookup(each.lookup, lookups));
    });
  }
}
void lastResult();
const reference = (measured.find((each) => each.name === REFERENCE) ?? measured[0])!.best;
console.log(`| router | ${groups.map(([name]) => name).join(' | ')} |`);
console.log(`|${' --- |'.repeat(groups.length + 1)}`);
for (const { name, best } of measured) {
  const cells = best.map((ns, i) => `${ns.toFixed(0)} ns (${(ns / (reference[i] as number)).toFixed(2)}×)`);
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}
