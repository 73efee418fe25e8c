import { createMatchParams } from '@framework/router-contract';
import { treeParamKey } from './tree-param';

/**
 * Reads a route's params from find-my-way's raw values (`p0`, `p1`...) of a path holding no `%`:
 * `undefined` when a value is missing, empty, longer than `maxLength` or fails its token (`checks[i]`
 * for placeholder `i`; `null` when the route has no token).
 */
export type ParamsBuilder = (
  values: Readonly<Record<string, string | undefined>>,
  maxLength: number,
  checks: readonly (RegExp | undefined)[] | null,
) => Record<string, string> | undefined;

// Routes with the same placeholder names share one reader: compiling one takes tens of microseconds,
// and a table of thousands of routes repeats a few lists of names (`{owner}/{repo}`, `{id}`).
const READERS = new Map<string, ParamsBuilder>();

/**
 * A reader whose every load and store names its key in the code, as find-my-way builds its own
 * params: V8 sends a store under a key that changes from call to call through its generic keyed path,
 * several times slower than a store site that always sees one key. The names are placeholder names
 * (letters, digits and `_`, checked by `parsePathTemplate`) and go into the code as JSON string
 * literals all the same.
 */
export function paramsBuilder(names: readonly string[]): ParamsBuilder {
  const key = names.join(',');
  let reader = READERS.get(key);
  if (reader === undefined) {
    reader = compileReader(names);
    READERS.set(key, reader);
  }
  return reader;
}

function compileReader(names: readonly string[]): ParamsBuilder {
  const values = names.map((_, i) => `v${i}`);
  const loads = values.map(
    (value, i) =>
      `const ${value} = values[${JSON.stringify(treeParamKey(i))}];
      if (${value} === undefined || ${value}.length === 0 || ${value}.length > maxLength) return undefined;`,
  );
  const checks = values.map(
    (value, i) => `if (checks[${i}] !== undefined && !checks[${i}].test(${value})) return undefined;`,
  );
  const stores = names.map((name, i) => `params[${JSON.stringify(name)}] = ${values[i]};`);
  const compile = new Function(
    'createMatchParams',
    `return function readParams(values, maxLength, checks) {
      ${loads.join('\n')}
      if (checks !== null) {
        ${checks.join('\n')}
      }
      const params = createMatchParams();
      ${stores.join('\n')}
      return params;
    };`,
  ) as (create: typeof createMatchParams) => ParamsBuilder;
  return compile(createMatchParams);
}
