/** The `Allow` value for a path: its listed methods, then HEAD and OPTIONS (always honoured). */
export function allowHeader(methods: readonly string[]): string {
  const allowed = [...methods];
  if (!allowed.includes('HEAD')) allowed.push('HEAD');
  if (!allowed.includes('OPTIONS')) allowed.push('OPTIONS');
  return allowed.join(', ');
}
