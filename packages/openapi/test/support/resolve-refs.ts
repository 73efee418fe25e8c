/** Every `$ref` of a document with where it sits and what it points at (undefined when it resolves to nothing). */
export function resolveRefs(document: unknown): { at: string; ref: string; target: unknown }[] {
  const found: { at: string; ref: string; target: unknown }[] = [];
  const visit = (value: unknown, at: string): void => {
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${at}/${index}`));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string') {
          found.push({ at, ref: child, target: pointer(document, child) });
        } else visit(child, `${at}/${key}`);
      }
    }
  };
  visit(document, '#');
  return found;
}

/** What a local JSON pointer (`#/components/schemas/Note`) names in `document`. */
function pointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const keys = ref.slice(1).split('/').slice(1);
  return keys.reduce<unknown>((value, key) => {
    const name = decodeURIComponent(key).replaceAll('~1', '/').replaceAll('~0', '~');
    return typeof value === 'object' && value !== null && Object.hasOwn(value, name)
      ? (value as Record<string, unknown>)[name]
      : undefined;
  }, document);
}
