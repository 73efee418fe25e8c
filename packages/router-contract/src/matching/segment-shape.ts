/**
 * Orders segment shapes with placeholders (`v{}`, `{}.json`) by the contract's precedence, the more
 * specific first: more characters of literal text wins; then fewer placeholders; then, reading both
 * from the left, literal text beats a placeholder, and of two literal characters the lower UTF-16 code
 * unit comes first. Returns 0 only for the same shape.
 */
export function compareShapes(a: string, b: string): number {
  const aParams = placeholders(a);
  const bParams = placeholders(b);
  const literal = b.length - 2 * bParams - (a.length - 2 * aParams);
  if (literal !== 0) return literal;
  if (aParams !== bParams) return aParams - bParams;
  // Same length from here on: read both from the left.
  for (let i = 0; i < a.length; i++) {
    const aParam = a.startsWith('{}', i);
    const bParam = b.startsWith('{}', i);
    if (aParam && bParam) {
      i += 1;
      continue;
    }
    if (aParam !== bParam) return aParam ? 1 : -1;
    if (a[i] !== b[i]) return (a.charCodeAt(i) as number) - (b.charCodeAt(i) as number);
  }
  return 0;
}

function placeholders(shape: string): number {
  let count = 0;
  for (let i = shape.indexOf('{}'); i !== -1; i = shape.indexOf('{}', i + 2)) count++;
  return count;
}

/** The literal text a segment of this shape starts and ends with, and its shortest length. */
export function shapeBounds(shape: string): { prefix: string; suffix: string; minLength: number } {
  const first = shape.indexOf('{}');
  const last = shape.lastIndexOf('{}');
  const params = shape.split('{}').length - 1;
  return { prefix: shape.slice(0, first), suffix: shape.slice(last + 2), minLength: shape.length - params };
}
