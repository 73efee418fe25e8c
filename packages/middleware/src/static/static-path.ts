import { join, sep } from 'node:path';
import { foreignPathProblem } from '@framework/application/server-kit';

/** Longest request path looked up on disk; longer paths are not files. */
const MAX_PATH_LENGTH = 1024;

/**
 * The decoded path segments of a request path, or undefined when the path could lead out of the root
 * or names something hidden: a malformed escape, `.` or `..` (also encoded), an empty segment, an
 * encoded `/`, any `\`, NUL, `:` (drive letters and alternate data streams) or, unless allowed, a
 * dotfile. The last segment is `''` when the path ends with `/`.
 *
 * Also undefined for an escape not in canonical form (`%70` for `p`, lower-case hex): a guard piped
 * at `/files/private` reads the path as text, so `/files/%70rivate` would reach its files unguarded.
 */
export function staticSegments(path: string, allowDotfiles: boolean): string[] | undefined {
  if (path.length > MAX_PATH_LENGTH || path.charCodeAt(0) !== 47) return undefined;
  if (foreignPathProblem(path) !== undefined) return undefined;
  const raw = path.slice(1).split('/');
  const segments: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const last = i === raw.length - 1;
    let segment: string;
    try {
      segment = decodeURIComponent(raw[i] as string);
    } catch {
      return undefined;
    }
    if (segment === '') {
      if (last) break;
      return undefined;
    }
    if (segment === '.' || segment === '..' || /[/\\\0:]/.test(segment)) return undefined;
    if (!allowDotfiles && segment.charCodeAt(0) === 46) return undefined;
    segments.push(segment);
  }
  if (raw[raw.length - 1] === '') segments.push('');
  return segments;
}

/** `segments` joined under `root`, or undefined if the result is not inside it (defence in depth). */
export function joinUnder(root: string, segments: readonly string[]): string | undefined {
  const joined = join(root, ...segments);
  return isInside(root, joined) ? joined : undefined;
}

/** True when `path` is `root` or inside it. */
export function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}
