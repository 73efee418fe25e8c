/** One named test of a contract suite: `run` throws (an `AssertionError`) when the subject breaks the contract. */
export interface ContractCase {
  readonly name: string;
  /** Runs the case; returns (or resolves) when it passes. */
  readonly run: () => void | Promise<void>;
}

/** A named list of cases; a runner binding turns it into one `describe` block. */
export interface ContractGroup {
  readonly name: string;
  readonly cases: readonly ContractCase[];
}

/** The arguments a case of `it.each(rows)` receives: the row spread when it is an array, else the row. */
export type EachArgs<T> = T extends readonly unknown[] ? T : [T];

/** The `it` a group definition receives: it records cases, it runs nothing. */
export interface CaseCollector {
  (name: string, run: () => void | Promise<void>): void;
  /** One case per row, as jest's `it.each`: an array row is spread into arguments, `%s` shows them in order. */
  each<T>(rows: readonly T[]): (name: string, run: (...args: EachArgs<T>) => void | Promise<void>) => void;
}

function formatName(name: string, args: readonly unknown[]): string {
  let next = 0;
  return name.replace(/%s/g, () => String(args[next++]));
}

/**
 * Builds a group by calling `define` with a collector shaped like `it`, so a group reads like a
 * describe block while staying plain data that any runner can register.
 *
 * @example
 * const group = defineGroup('my rules', (it) => {
 *   it('holds', () => assert.equal(1 + 1, 2));
 * });
 */
export function defineGroup(name: string, define: (it: CaseCollector) => void): ContractGroup {
  const cases: ContractCase[] = [];
  const collect = ((caseName: string, run: () => void | Promise<void>): void => {
    cases.push({ name: caseName, run });
  }) as CaseCollector;
  collect.each = <T>(rows: readonly T[]) => {
    return (caseName: string, run: (...args: EachArgs<T>) => void | Promise<void>): void => {
      for (const row of rows) {
        const args = (Array.isArray(row) ? row : [row]) as unknown as EachArgs<T>;
        cases.push({ name: formatName(caseName, args), run: () => run(...args) });
      }
    };
  };
  define(collect);
  return { name, cases };
}
