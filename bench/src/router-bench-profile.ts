import { contenders } from './router-bench-contenders';
import { GITHUB_TABLE } from './router-bench-tables';

// Runs one contender on the GitHub table for a few seconds, to profile it:
// node --cpu-prof --import tsx bench/src/router-bench-profile.ts FindMyWayRouter
// With BENCH_PROFILE_LOOPS=N it runs N passes over the lookups instead, for instruction counts that do
// not depend on the machine's load: the difference between two counts under
// `valgrind --tool=callgrind` divided by the lookups in between is the instructions per lookup.
const name = process.argv[2] ?? 'FindMyWayRouter';
const contender = contenders().find((each) => each.name === name);
if (contender === undefined) throw new Error(`no contender named ${name}`);
const lookup = contender.build(GITHUB_TABLE.routes);
const loops = process.env.BENCH_PROFILE_LOOPS;
const until = Date.now() + Number(process.env.BENCH_PROFILE_MS ?? 3000);
let hits = 0;
const pass = (): void => {
  for (const { method, path } of GITHUB_TABLE.lookups) if (lookup(method, path)) hits++;
};
if (loops !== undefined) for (let i = 0; i < Number(loops); i++) pass();
else while (Date.now() < until) for (let i = 0; i < 1000; i++) pass();
console.log(`${name}: ${hits} hits`);
