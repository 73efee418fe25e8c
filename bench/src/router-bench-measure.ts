import type { Lookup } from './router-bench-tables';

const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_MS ?? 5);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 25);

let sink: unknown;

/**
 * Nanoseconds per lookup: warm up, size one sample to about SAMPLE_MS, then return the median of
 * SAMPLES samples, each cycling through the lookups.
 */
export function nsPerLookup(
  lookup: (method: string, path: string) => unknown,
  lookups: readonly Lookup[],
): number {
  const run = (rounds: number): number => {
    const start = process.hrtime.bigint();
    for (let r = 0; r < rounds; r++) {
      for (const { method, path } of lookups) sink = lookup(method, path);
    }
    return Number(process.hrtime.bigint() - start);
  };
  let rounds = 1;
  while (run(rounds) < SAMPLE_MS * 1e6 && rounds < 1 << 20) rounds *= 2;
  run(rounds);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) samples.push(run(rounds) / (rounds * lookups.length));
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] as number;
}

/** Keeps the optimiser from dropping lookups whose result is never read. */
export function lastResult(): unknown {
  return sink;
}
