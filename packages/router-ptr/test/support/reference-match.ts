import { parsePathTemplate, type TemplatePart } from '@framework/router-contract';
import type { GeneratedRoute } from './table-arbitrary';

/**
 * The contract read literally, by brute force: every split of the path into the template's parts
 * where literal text is equal, each placeholder takes one or more characters other than `/`, its
 * decoded value is well formed and satisfies its token. Returns the params of each such split, the
 * contract's leftmost-longest split first (each placeholder tries its longest value first).
 */
export function referenceSplits(route: GeneratedRoute, path: string): Record<string, string>[] {
  const { parts } = parsePathTemplate(route.path);
  const tokens: Record<string, RegExp> = {};
  for (const [name, source] of Object.entries(route.tokens ?? {}))
    tokens[name] = new RegExp(`^(?:${source})$`);
  const found: Record<string, string>[] = [];
  const walk = (index: number, position: number, params: Record<string, string>): void => {
    if (index === parts.length) {
      if (position === path.length) found.push({ ...params });
      return;
    }
    const part = parts[index] as TemplatePart;
    if (part.kind === 'static') {
      if (path.startsWith(part.text, position)) walk(index + 1, position + part.text.length, params);
      return;
    }
    let last = position;
    while (last < path.length && path[last] !== '/') last++;
    for (let end = last; end > position; end--) {
      const value = decode(path.slice(position, end));
      if (value === undefined) continue;
      const token = tokens[part.name];
      if (token !== undefined && !token.test(value)) continue;
      walk(index + 1, end, { ...params, [part.name]: value });
    }
  };
  walk(0, 0, {});
  return found;
}

function decode(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
