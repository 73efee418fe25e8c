import { createMatchParams } from '@framework/router-contract';
import { treeParamKey } from './tree-param';

/** Builds a route's params object from find-my-way's raw values (`p0`, `p1`...). */
export type ParamsBuilder = (values: Readonly<Record<string, string | undefined>>) => Record<string, string>;

/**
 * A builder whose every load and store names its key in the code, as find-my-way builds its own
 * params: V8 sends a store under a key that changes from call to call through its generic keyed path,
 * several times slower than a store site that always sees one key. The names are placeholder names
 * (letters, digits and `_`, checked by `parsePathTemplate`) and go into the code as JSON string
 * literals all the same.
 */
export function paramsBuilder(names: readonly string[]): ParamsBuilder {
  const stores = names.map(
    (name, i) => `params[${JSON.stringify(name)}] = values[${JSON.stringify(treeParamKey(i))}];`,
  );
  const compile = new Function(
    'createMatchParams',
    `return function buildParams(values) {
      const params = createMatchParams();
      ${stores.join('\n')}
      return params;
    };`,
  ) as (create: typeof createMatchParams) => ParamsBuilder;
  return compile(createMatchParams);
}
