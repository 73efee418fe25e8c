import { renderTemplate, type PathTemplate, type TemplatePart } from '@framework/router-contract';

// Characters path-to-regexp 8 reads as syntax in a path: groups, params, wildcards and reserved ones.
const RESERVED = /[{}()[\]+?!:*\\]/g;

/** A path in path-to-regexp syntax, and the segments it captures whole to split them itself. */
export interface TranslatedPath {
  readonly path: string;
  /** Capture name (a digit string, never a placeholder name) to the parts of that segment. */
  readonly joined: Readonly<Record<string, readonly TemplatePart[]>>;
}

const SYNTAX = {
  literal: (text: string) => text.replace(RESERVED, '\\$&'),
  capture: (name: string) => `:"${name}"`,
};

/**
 * Translates a parsed `{name}` template to path-to-regexp 8 syntax (with the contract's
 * `renderTemplate`): literal text is escaped and each placeholder becomes a quoted param (`:"id"`), so
 * a name followed by letters stays one name. A segment with two or more placeholders becomes one
 * capture (`:"0"`), split by the contract's `splitSegment` (pass `joinSegments: false` for a path to
 * build URIs with): path-to-regexp forbids a later param of a segment to contain the text before it
 * (`/{a}-{b}` would not match `/1-2-`), and can not check tokens while choosing the split.
 *
 * @example
 * toPathToRegexp(parsePathTemplate('/api/v{version}/me')).path // '/api/v:"version"/me'
 */
export function toPathToRegexp(template: PathTemplate, joinSegments = true): TranslatedPath {
  const { source, captures } = renderTemplate(template, SYNTAX, joinSegments);
  const joined: Record<string, readonly TemplatePart[]> = Object.create(null);
  for (const { name, segment } of captures) if (segment !== null) joined[name] = segment;
  return { path: source, joined };
}

/** The template in path-to-regexp syntax with its captures, in the order path-to-regexp reports them. */
export function translate(template: PathTemplate) {
  return renderTemplate(template, SYNTAX);
}
