import { execFileSync } from 'node:child_process';
import { MODES, PATHS, measureQuiet, median } from '../http-measure';

/** Servers of the HTTP curve, each in `servers/<name>.ts`. */
export const HTTP_SERVERS = ['raw', 'fastify', 'hono', 'framework'] as const;

export interface NodeLine {
  readonly name: string;
  readonly version: string;
  readonly execPath: string;
}

export interface HttpPoint {
  readonly node: string;
  readonly mode: string;
  readonly server: string;
  /** Median server CPU µs per request over the rounds. */
  readonly cpuMicros: number;
  /** `cpuMicros` divided by raw node:http's, same Node line and load. */
  readonly ratio: number;
}

/** The Node.js lines to measure: this process's, and Node 24 from the npm registry (`npx -y node@24`). */
export function nodeLines(): NodeLine[] {
  const own: NodeLine = {
    name: `Node ${process.versions.node.split('.')[0]}`,
    version: process.version,
    execPath: process.execPath,
  };
  const [version, execPath] = execFileSync(
    'npx',
    ['-y', 'node@24', '-p', 'process.version + "\\n" + process.execPath'],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  )
    .trim()
    .split('\n');
  return [own, { name: 'Node 24', version: version!, execPath: execPath! }];
}

/**
 * Server CPU per request of raw node:http, Fastify, Hono and @framework, with 1 request in flight per
 * connection and with pipelining, on each Node line: `rounds` samples each, servers in rotated order.
 */
export async function measureHttpCurve(
  lines: readonly NodeLine[],
  rounds: number,
  timing: { duration: number; warmup: number },
  log: (line: string) => void,
): Promise<HttpPoint[]> {
  const points: HttpPoint[] = [];
  for (const line of lines) {
    for (const mode of MODES) {
      const samples = new Map<string, number[]>(HTTP_SERVERS.map((server) => [server, []]));
      for (let round = 0; round < rounds; round++) {
        for (let i = 0; i < HTTP_SERVERS.length; i++) {
          const server = HTTP_SERVERS[(i + round) % HTTP_SERVERS.length]!;
          const sample = await measureQuiet(server, {
            requests: PATHS.map((path) => ({ path })),
            inFlight: mode.inFlight,
            ...timing,
            execPath: line.execPath,
            attempts: 1,
          });
          samples.get(server)!.push(sample.cpuMicrosPerRequest);
          log(
            `${line.name}, ${mode.name}, ${server}: ${sample.cpuMicrosPerRequest.toFixed(1)} µs CPU/request`,
          );
        }
      }
      const raw = median(samples.get('raw')!);
      for (const server of HTTP_SERVERS) {
        const cpuMicros = median(samples.get(server)!);
        points.push({ node: line.name, mode: mode.name, server, cpuMicros, ratio: cpuMicros / raw });
      }
    }
  }
  return points;
}
