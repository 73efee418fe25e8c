import { loadavg } from 'node:os';
import type { Transport } from './load/drive-load';
import {
  H2C_MODES,
  keepQuietest,
  type Load,
  measureQuiet,
  median,
  MODES,
  PATHS,
  percent,
  type Sample,
  samplingNote,
  spread,
} from './http-measure';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = PATHS.map((path) => ({ path }));

/** How `compareServers` runs: the servers (the first is the baseline of the ratios) and their binary. */
export interface Comparison {
  readonly servers: readonly string[];
  /** Names the baseline in the table's ratio column, e.g. "raw node:http". */
  readonly baselineName: string;
  readonly execPath?: Load['execPath'];
  /** HTTP/1.1 (1 in flight, and pipelining 10) by default; h2c: 1 and 10 concurrent streams per session. */
  readonly transport?: Transport;
  /**
   * Pairs of servers `[top, bottom]` whose ratio is also given round by round (median and quartiles of
   * top ÷ bottom within each round), which host noise drifting over the run disturbs less than the
   * ratio of two medians.
   */
  readonly pairs?: readonly (readonly [string, string])[];
}

/**
 * Server CPU time per request for each server, at 1 and 10 requests in flight per connection, `ROUNDS`
 * rounds with the order rotated per round (see http-measure.ts for how a sample is taken): the markdown
 * table, and the sampling note with the load average.
 */
export async function compareServers(comparison: Comparison): Promise<{ table: string; note: string }> {
  const { servers, execPath, transport = 'http1' } = comparison;
  const loadBefore = loadavg()[0]!;
  if (loadBefore > 0.5) console.warn(`load average ${loadBefore.toFixed(2)}: the machine is not quiet`);
  const rows: string[] = [];
  const pairRows: string[] = [];
  let kept = 0;
  let disturbed = 0;
  for (const mode of transport === 'h2c' ? H2C_MODES : MODES) {
    const samples = new Map<string, Sample[]>(servers.map((server) => [server, []]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = servers.map((_, i) => servers[(i + round) % servers.length]!);
      for (const server of order) {
        const sample = await measureQuiet(server, {
          requests: REQUESTS,
          inFlight: mode.inFlight,
          transport,
          execPath,
        });
        samples.get(server)!.push(sample);
        console.log(
          `${mode.name}, round ${round + 1}, ${server}: ${sample.cpuMicrosPerRequest.toFixed(1)} µs CPU/req, ${Math.round(sample.requestsPerSecond)} req/s, others: ${percent(sample.foreign)}`,
        );
      }
    }
    for (const [top, bottom] of comparison.pairs ?? []) {
      pairRows.push(`| ${mode.name} | ${top} ÷ ${bottom} | ${roundRatios(samples, top, bottom)} |`);
    }
    const counts = keepQuietest(samples);
    kept += counts.kept;
    disturbed += counts.disturbed;
    const baseline = median(samples.get(servers[0]!)!.map((s) => s.cpuMicrosPerRequest));
    for (const server of servers) {
      const cpus = samples.get(server)!.map((s) => s.cpuMicrosPerRequest);
      const cpu = median(cpus);
      const rps = median(samples.get(server)!.map((s) => s.requestsPerSecond));
      rows.push(
        `| ${mode.name} | ${server} | ${cpu.toFixed(1)} | ${spread(cpus)} | ${(cpu / baseline).toFixed(2)} | ${Math.round(rps)} |`,
      );
    }
  }
  const table = [
    `| load | server | CPU µs per request (median) | min-max | ratio to ${comparison.baselineName} | req/s (median, noisy) |`,
    '|---|---|---|---|---|---|',
    ...rows,
    ...(pairRows.length === 0
      ? []
      : ['', '| load | round by round | median | quartiles |', '|---|---|--:|--:|', ...pairRows]),
  ].join('\n');
  console.log(`\n${table}`);
  return { table, note: `${ROUNDS} rounds; ${samplingNote(loadBefore, disturbed, kept)}` };
}

/** Median and quartiles of `top`'s CPU per request over `bottom`'s, each ratio within one round. */
function roundRatios(samples: Map<string, Sample[]>, top: string, bottom: string): string {
  const tops = samples.get(top);
  const bottoms = samples.get(bottom);
  if (tops === undefined || bottoms === undefined) throw new Error(`no server named ${top} or ${bottom}`);
  const ratios = tops
    .map((sample, round) => sample.cpuMicrosPerRequest / bottoms[round]!.cpuMicrosPerRequest)
    .sort((a, b) => a - b);
  const at = (share: number): string => ratios[Math.floor((ratios.length - 1) * share)]!.toFixed(2);
  return `${at(0.5)} | ${at(0.25)}-${at(0.75)}`;
}
