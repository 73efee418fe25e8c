import type { PathTemplate, TemplatePart } from '../path-template';

/** One `/`-separated segment of a path template. */
export interface TemplateSegment {
  /** The segment as written in the template: `v{version}`. */
  readonly source: string;
  /** Its literal text (never holding `/`) and placeholders, in order. */
  readonly parts: readonly TemplatePart[];
  /** Its text with placeholder names erased (`v{}`): segments of one shape match the same path segments. */
  readonly shape: string;
  /** How many placeholders it holds. */
  readonly params: number;
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * The segments of a template after its leading `/` (`/` alone has one empty segment). A placeholder
 * never spans a `/`, so a path matches a template only when it has as many segments.
 *
 * @example
 * templateSegments(parsePathTemplate('/api/v{version}/me')).map((s) => s.shape); // ['api', 'v{}', 'me']
 */
export function templateSegments(template: PathTemplate): readonly TemplateSegment[] {
  return template.source
    .split('/')
    .slice(1)
    .map((source) => {
      const parts: TemplatePart[] = [];
      let last = 0;
      for (const found of source.matchAll(PLACEHOLDER)) {
        if (found.index > last) parts.push({ kind: 'static', text: source.slice(last, found.index) });
        parts.push({ kind: 'param', name: found[1] as string });
        last = found.index + found[0].length;
      }
      if (last < source.length) parts.push({ kind: 'static', text: source.slice(last) });
      const params = parts.filter((part) => part.kind === 'param').length;
      return Object.freeze({
        source,
        parts: Object.freeze(parts),
        shape: source.replace(PLACEHOLDER, '{}'),
        params,
      });
    });
}
