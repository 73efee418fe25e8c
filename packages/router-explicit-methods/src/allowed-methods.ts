/** The methods of the routes that matched a path, in registration order, each once. */
export function allowedMethods(
  matches: readonly { readonly order: number; readonly methods: readonly string[] | null }[],
): string[] {
  const allowed: string[] = [];
  for (const { methods } of [...matches].sort((a, b) => a.order - b.order)) {
    for (const method of methods ?? []) if (!allowed.includes(method)) allowed.push(method);
  }
  return allowed;
}
