import type { PathTemplate } from '../path-template';
import type { ParamReader } from './param-reader';
import { templateSegments } from './template-segments';

/** Matches a raw path against one route, as `MatchableRoute.matchPath` does. */
export type PathWalk = (
  path: string,
  tokens: Readonly<Record<string, RegExp>>,
) => Record<string, string> | undefined;

/**
 * Matches a route whose every placeholder fills a whole segment (`/post/{id}`, `/a/{x}/b/{y}`) by
 * walking the raw path's segments instead of running an expression: a literal segment is compared
 * in place, exactly as received (case-sensitive, a trailing `/` is one segment more), and each
 * placeholder's segment goes to the route's `reader` (`renderTemplate`'s captures), which decodes it
 * and checks it (not empty, `maxLength` as received, a malformed `%` or a failing token fails the
 * route). Answers as the expression `^/literal/([^/]+)$` would. `undefined` for a template without
 * placeholders or with one that shares its segment with text or another placeholder.
 *
 * @example
 * const walk = segmentWalk(route.template, reader);
 * walk?.('/post/12', route.getTokens()); // { id: '12' }
 */
export function segmentWalk(template: PathTemplate, reader: ParamReader): PathWalk | undefined {
  // A placeholder filling its segment has the shape `{}`; literal text never holds a brace.
  const shapes = templateSegments(template).map((segment) => segment.shape);
  if (template.isStatic || shapes.some((shape) => shape !== '{}' && shape.includes('{'))) return undefined;
  // The literal segments before the first placeholder are compared as one prefix (`/post/`).
  const prefix = template.source.slice(0, template.source.indexOf('{'));
  const rest = shapes.slice(prefix.split('/').length - 2);
  // Reused by every walk: the reader copies what it keeps before the next walk starts.
  const values: string[] = [];
  // This is the hot path of every lookup with placeholders: change with care.
  return (path, tokens) => {
    if (!path.startsWith(prefix)) return undefined;
    let start = prefix.length;
    let count = 0;
    // A path with fewer segments runs out with `start` past its end: the slice is empty (which the
    // reader refuses) or the literal's length differs.
    for (let i = 0; i < rest.length; i++) {
      let end = path.indexOf('/', start);
      if (end === -1) end = path.length;
      const shape = rest[i] as string;
      if (shape === '{}') values[count++] = path.slice(start, end);
      else if (shape.length !== end - start || !path.startsWith(shape, start)) return undefined;
      start = end + 1;
    }
    return start === path.length + 1 ? reader.read(values, 0, tokens) : undefined;
  };
}
