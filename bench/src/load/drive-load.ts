import autocannon from 'autocannon';
import { runH2load } from './h2load';
import type { LoadResult, LoadRun } from './load-run';

export type { LoadResult, LoadRun, Transport } from './load-run';

/** Connections (h2c: sessions) the driver keeps open. */
export const CONNECTIONS = 10;

/** Sends `run.requests` to the server for `run.duration` seconds over `run.transport`. */
export async function driveLoad(run: LoadRun): Promise<LoadResult> {
  if (run.transport === 'h2c') return runH2load(run, CONNECTIONS);
  const result = await autocannon({
    url: `http://127.0.0.1:${run.port}`,
    connections: CONNECTIONS,
    pipelining: run.inFlight,
    duration: run.duration,
    requests: [...run.requests],
  });
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    failure:
      result.non2xx > 0 || result.errors > 0
        ? `${result.non2xx} non-2xx, ${result.errors} errors`
        : undefined,
  };
}
