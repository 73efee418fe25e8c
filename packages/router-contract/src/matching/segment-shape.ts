/**
 * Orders segment shapes (`v{}`, `{}.json`) so the more specific comes first: reading both from the
 * left, at the first difference literal text beats a placeholder; a shape that ends first wins.
 */
export function compareShapes(a: string, b: string): number {
  let i = 0;
  let j = 0;
  for (;;) {
    if (i >= a.length || j >= b.length) return (i >= a.length ? 0 : 1) - (j >= b.length ? 0 : 1);
    const aParam = a.startsWith('{}', i);
    const bParam = b.startsWith('{}', j);
    if (aParam && bParam) {
      i += 2;
      j += 2;
      continue;
    }
    if (aParam !== bParam) return aParam ? 1 : -1;
    if (a[i] !== b[j]) return (a.charCodeAt(i) as number) - (b.charCodeAt(j) as number);
    i += 1;
    j += 1;
  }
}

/** The literal text a segment of this shape starts and ends with, and its shortest length. */
export function shapeBounds(shape: string): { prefix: string; suffix: string; minLength: number } {
  const first = shape.indexOf('{}');
  const last = shape.lastIndexOf('{}');
  const params = shape.split('{}').length - 1;
  return { prefix: shape.slice(0, first), suffix: shape.slice(last + 2), minLength: shape.length - params };
}
