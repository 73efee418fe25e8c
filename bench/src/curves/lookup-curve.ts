import { contenders } from '../router-bench-contenders';
import { nsPerLookup } from '../router-bench-measure';
import { GITHUB_TABLE, generatedTable } from '../router-bench-tables';

/** Table sizes of the lookup curve. */
export const LOOKUP_SIZES = [10, 100, 1_000, 10_000] as const;

const REFERENCE = 'find-my-way (raw)';

export interface LookupPoint {
  readonly router: string;
  /** The table: `GitHub API (317)` or the number of generated routes. */
  readonly table: string;
  readonly routes: number;
  /** A generated table (a point of the curve), not the GitHub one. */
  readonly generated: boolean;
  readonly ns: number;
  /** `ns` divided by raw find-my-way's on the same table, measured in the same rounds. */
  readonly ratio: number;
}

/**
 * ns per lookup of raw find-my-way and of each adapter on the GitHub table and on generated tables of
 * 10 to 10,000 routes (the linear scans of raw path-to-regexp and @koa/router are left to the router bench): the best
 * median of `rounds` rounds, all routers in this one process.
 */
export function measureLookupCurve(rounds: number): LookupPoint[] {
  const routers = contenders().filter(
    (contender) => contender.name === REFERENCE || !contender.name.includes('(raw'),
  );
  const tables = [GITHUB_TABLE, ...LOOKUP_SIZES.map(generatedTable)];
  const cells = routers.map((contender) => ({
    contender,
    lookups: tables.map((table) => contender.build(table.routes)),
    best: tables.map(() => Infinity),
  }));
  // Round 0 only warms up: the first cells measured would otherwise pay for the JIT.
  for (let round = 0; round <= rounds; round++) {
    for (const cell of cells) {
      cell.lookups.forEach((lookup, i) => {
        const ns = nsPerLookup(lookup, tables[i]!.lookups);
        if (round > 0) cell.best[i] = Math.min(cell.best[i]!, ns);
      });
    }
  }
  const reference = cells.find((cell) => cell.contender.name === REFERENCE)!.best;
  return cells.flatMap((cell) =>
    tables.map((table, i) => ({
      router: cell.contender.name,
      table: table.name,
      routes: table.routes.length,
      generated: table !== GITHUB_TABLE,
      ns: cell.best[i]!,
      ratio: cell.best[i]! / reference[i]!,
    })),
  );
}
