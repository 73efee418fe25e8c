import type { PathTemplate, TemplatePart } from '@framework/router-contract';

// Characters path-to-regexp 8 reads as syntax in a path: groups, params, wildcards and reserved ones.
const RESERVED = /[{}()[\]+?!:*\\]/g;

/** A path in path-to-regexp syntax, and the segments it captures whole to split them itself. */
export interface TranslatedPath {
  readonly path: string;
  /** Capture name (a digit string, never a placeholder name) to the parts of that segment. */
  readonly joined: Readonly<Record<string, readonly TemplatePart[]>>;
}

/**
 * Translates a parsed `{name}` template to the path-to-regexp 8 syntax @koa/router 15 reads: literal text is escaped and each
 * placeholder becomes a quoted param (`:"id"`), so a name followed by letters stays one name. A
 * segment with two or more placeholders becomes one capture (`:"0"`), split by `splitSegment` (pass `joinSegments: false` for a path to build URIs with):
 * path-to-regexp forbids a later param of a segment to contain the text before it (`/{a}-{b}` would
 * not match `/1-2-`), which the contract does not.
 *
 * @example
 * toPathToRegexp(parsePathTemplate('/api/v{version}/me')).path // '/api/v:"version"/me'
 */
export function toPathToRegexp(template: PathTemplate, joinSegments = true): TranslatedPath {
  const joined: Record<string, readonly TemplatePart[]> = Object.create(null);
  let path = '';
  let segment: TemplatePart[] = [];
  const flush = (): void => {
    if (joinSegments && segment.filter((part) => part.kind === 'param').length > 1) {
      const key = String(Object.keys(joined).length);
      joined[key] = segment;
      path += `:"${key}"`;
    } else {
      for (const part of segment) path += part.kind === 'static' ? escape(part.text) : `:"${part.name}"`;
    }
    segment = [];
  };
  for (const part of template.parts) {
    if (part.kind === 'param') {
      segment.push(part);
      continue;
    }
    const pieces = part.text.split('/');
    pieces.forEach((piece, i) => {
      if (i > 0) {
        flush();
        path += '/';
      }
      if (piece !== '') segment.push({ kind: 'static', text: piece });
    });
  }
  flush();
  return { path, joined };
}

function escape(text: string): string {
  return text.replace(RESERVED, '\\$&');
}
