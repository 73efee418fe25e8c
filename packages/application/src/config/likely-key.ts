/** How many edits (insert, delete, replace, swap two neighbours) a typo may be from the key it meant. */
export const MAX_TYPO_DISTANCE = 2;

/**
 * The known key `key` most likely misspells: the closest within `MAX_TYPO_DISTANCE` edits, counting a
 * swap of two neighbouring letters as one (`rotues` → `routes`). `undefined` when `key` is known or no
 * known key is that close, so unrelated keys (a project's own settings) pass.
 */
export function likelyKey(key: string, known: readonly string[]): string | undefined {
  if (known.includes(key)) return undefined;
  let best: string | undefined;
  let bestDistance = MAX_TYPO_DISTANCE + 1;
  for (const candidate of known) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** Optimal string alignment distance: Levenshtein plus adjacent transpositions. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > MAX_TYPO_DISTANCE) return MAX_TYPO_DISTANCE + 1;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        distance = Math.min(distance, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = distance;
    }
  }
  return rows[a.length]![b.length]!;
}
