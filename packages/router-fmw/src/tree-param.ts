// find-my-way's parameters are named by position (`:p0`, `:p1`...): find-my-way builds its params
// object faster with names than with array indices, and every shape's params object then has the
// same property order, so the loads below see few object layouts.
const TREE_PARAM_KEYS: string[] = [];

/** The name of find-my-way's parameter at a position of a shape: `p0`, `p1`... */
export function treeParamKey(position: number): string {
  while (TREE_PARAM_KEYS.length <= position) TREE_PARAM_KEYS.push(`p${TREE_PARAM_KEYS.length}`);
  return TREE_PARAM_KEYS[position] as string;
}

/** The names of find-my-way's parameters, by position (at least as many as any shape has). */
export function treeParamKeys(): readonly string[] {
  return TREE_PARAM_KEYS;
}

/**
 * find-my-way's parameter at a position of its params object. The first four are read by name: a
 * load whose name changes from call to call is far slower in V8 than one load site per name.
 */
// This is the hot path of every lookup with placeholders: change with care.
export function treeParam(
  values: Readonly<Record<string, string | undefined>>,
  position: number,
): string | undefined {
  switch (position) {
    case 0:
      return values.p0;
    case 1:
      return values.p1;
    case 2:
      return values.p2;
    case 3:
      return values.p3;
    default:
      return values[TREE_PARAM_KEYS[position] as string];
  }
}
