/** A route that matched a path, for the allowed methods of a method failure. */
export interface PathMatch {
  /** Registration order. */
  readonly order: number;
  /** The methods the route answers; `null`: any (lists none). */
  readonly methods: readonly string[] | null;
}

/**
 * The allowed methods of a method failure: the methods of the routes that matched the path, in
 * registration order, each once; `null` (a plain failure) when no route matched.
 *
 * @example
 * allowedMethods([{ order: 1, methods: ['POST'] }, { order: 0, methods: ['GET', 'POST'] }]); // ['GET', 'POST']
 */
export function allowedMethods(matches: readonly PathMatch[]): string[] | null {
  if (matches.length === 0) return null;
  const allowed: string[] = [];
  for (const { methods } of [...matches].sort((a, b) => a.order - b.order)) {
    for (const method of methods ?? []) if (!allowed.includes(method)) allowed.push(method);
  }
  return allowed;
}
