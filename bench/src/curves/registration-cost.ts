import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { contenders } from '../router-bench-contenders';
import { generatedTable } from '../router-bench-tables';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

export interface RegistrationCost {
  readonly router: string;
  /** Registering the routes and answering the first lookup (which compiles a lazy table), best of the rounds. */
  readonly ms: number;
  /** Heap the router keeps after a full garbage collection, in MB. */
  readonly heapMb: number;
}

/**
 * Time to register `count` generated routes in raw find-my-way and in each adapter and answer one
 * lookup, and the heap each router then holds.
 */
export function measureRegistration(count: number, rounds: number): RegistrationCost[] {
  const table = generatedTable(count);
  const first = table.lookups[0]!;
  const routers = contenders().filter(
    (contender) => contender.name === 'find-my-way (raw)' || !contender.name.includes('(raw'),
  );
  return routers.map((contender) => {
    let ms = Infinity;
    let heap = Infinity;
    // The router of the previous round is dropped before the heap is read, or it would still count.
    let lookup: ((method: string, path: string) => unknown) | undefined;
    for (let round = 0; round < rounds; round++) {
      lookup = undefined;
      collectGarbage();
      const before = process.memoryUsage().heapUsed;
      const start = process.hrtime.bigint();
      lookup = contender.build(table.routes);
      lookup(first.method, first.path);
      ms = Math.min(ms, Number(process.hrtime.bigint() - start) / 1e6);
      collectGarbage();
      heap = Math.min(heap, process.memoryUsage().heapUsed - before);
    }
    return { router: contender.name, ms, heapMb: heap / 2 ** 20 };
  });
}
