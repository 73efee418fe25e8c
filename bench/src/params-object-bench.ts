import { createMatchParams } from '@framework/router-contract';

// ns to make a params object for one match and store 1 or 3 values into it, by way of building it:
// what a router adapter pays per successful lookup before the `RouteResult`. Best median of 5 rounds.
// Run from the repository root after building the packages:
// taskset -c 1 npm run bench:params --workspace bench
const NAMES = ['owner', 'repo', 'number'] as const;
const VALUES = ['octocat', 'hello-world', '1347'] as const;
const ROUNDS = 5;
const SAMPLES = 25;
const CALLS = 200_000;

type Build = (count: number) => Record<string, string>;

// Each way is a function of its own: closures made from one function share their feedback, so one
// way's objects would make another's store sites polymorphic.
const WAYS: readonly (readonly [string, Build])[] = [
  [
    'Object.create(null), keyed stores',
    (count) => {
      // The names come from an array, as an adapter reads them from its route: a store site that sees
      // every name (V8's generic keyed store).
      const params: Record<string, string> = Object.create(null);
      for (let i = 0; i < count; i++) params[NAMES[i] as string] = VALUES[i] as string;
      return params;
    },
  ],
  [
    'Object.create(null), one store site per name',
    (count) => {
      // One store site per name, as code generated for a route's names writes them.
      const params: Record<string, string> = Object.create(null);
      params['owner'] = VALUES[0];
      if (count > 1) {
        params['repo'] = VALUES[1];
        params['number'] = VALUES[2];
      }
      return params;
    },
  ],
  [
    'createMatchParams(), keyed stores',
    (count) => {
      const params = createMatchParams();
      for (let i = 0; i < count; i++) params[NAMES[i] as string] = VALUES[i] as string;
      return params;
    },
  ],
  [
    'createMatchParams(), one store site per name',
    (count) => {
      const params = createMatchParams();
      params['owner'] = VALUES[0];
      if (count > 1) {
        params['repo'] = VALUES[1];
        params['number'] = VALUES[2];
      }
      return params;
    },
  ],
];

let sink: unknown;

function nsPerObject(build: Build, count: number): number {
  const samples: number[] = [];
  for (let s = 0; s < SAMPLES; s++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) sink = build(count);
    samples.push(Number(process.hrtime.bigint() - start) / CALLS);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(SAMPLES / 2)] as number;
}

const best = WAYS.map(() => [Infinity, Infinity]);
for (let round = 0; round < ROUNDS; round++) {
  WAYS.forEach(([, build], i) => {
    [1, 3].forEach((count, j) => {
      best[i]![j] = Math.min(best[i]![j]!, nsPerObject(build, count));
    });
  });
}
void sink;
console.log(`Node ${process.version}\n\n| params object | 1 value | 3 values |\n| --- | --- | --- |`);
WAYS.forEach(([name], i) =>
  console.log(`| ${name} | ${best[i]![0]!.toFixed(1)} ns | ${best[i]![1]!.toFixed(1)} ns |`),
);
