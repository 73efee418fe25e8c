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
 * route). Answers as the expression `^/literal/([^/]+)$` would. `undefined` for any other template.
 *
 * @example
 * const walk = segmentWalk(route.template, reader);
 * walk?.('/post/12', route.getTokens()); // { id: '12' }
 */
export function segmentWalk(template: PathTemplate, reader: ParamReader): PathWalk | undefined {
  const segments = templateSegments(template);
  if (segments.some((segment) => segment.params > 0 && segment.parts.length > 1)) return undefined;
  const literals = segments.map((segment) => (segment.params > 0 ? null : segment.source));
  // Reused by every walk: the reader copies what it keeps before the next walk starts.
  const values: string[] = [];
  // This is the hot path of every lookup with placeholders: change with care.
  return (path, tokens) => {
    if (path.charCodeAt(0) !== 47) return undefined;
    let start = 1;
    let count = 0;
    for (let i = 0; i < literals.length; i++) {
      if (start > path.length) return undefined;
      let end = path.indexOf('/', start);
      if (end === -1) end = path.length;
      const literal = literals[i] as string | null;
      if (literal === null) values[count++] = path.slice(start, end);
      else if (literal.length !== end - start || !path.startsWith(literal, start)) return undefined;
      start = end + 1;
    }
    return start === path.length + 1 ? reader.read(values, 0, tokens) : undefined;
  };
}
