import { contenders } from './router-bench-contenders';
import { GITHUB_TABLE } from './router-bench-tables';

// Runs one contender on the GitHub table for a few seconds, to profile it:
// node --cpu-prof --import tsx bench/src/router-bench-profile.ts FindMyWayRouter
const name = process.argv[2] ?? 'FindMyWayRouter';
const contender = contenders().find((each) => each.name === name);
if (contender === undefined) throw new Error(`no contender named ${name}`);
const lookup = contender.build(GITHUB_TABLE.routes);
const until = Date.now() + Number(process.env.BENCH_PROFILE_MS ?? 3000);
let hits = 0;
while (Date.now() < until) {
  for (let i = 0; i < 1000; i++)
    for (const { method, path } of GITHUB_TABLE.lookups) if (lookup(method, path)) hits++;
}
console.log(`${name}: ${hits} hits`);
