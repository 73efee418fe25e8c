/**
 * Orders pipeline entries as a priority queue (spec 4.6.2): higher `priority` first, equal priorities
 * in the order given (attachment order), negative values last. Returns a new array.
 */
export function orderByPriority<T extends { readonly priority: number }>(entries: readonly T[]): T[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.priority - a.entry.priority || a.index - b.index)
    .map(({ entry }) => entry);
}
