/**
 * The members of an `If-Match` / `If-None-Match` list: split on commas, optional whitespace (space
 * and HTAB, RFC 9110 §5.6.1) trimmed, empty members dropped; `*` stays `*`.
 */
export function entityTagList(header: string): string[] {
  const tags: string[] = [];
  for (const member of header.split(',')) {
    const tag = trimOptionalWhitespace(member);
    if (tag !== '') tags.push(tag);
  }
  return tags;
}

/**
 * `value` without leading and trailing spaces and tabs, in one pass. A regular expression such as
 * `/[ \t]+$/` retries from every space of a run that does not end the value: quadratic in its length.
 */
function trimOptionalWhitespace(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isOptionalWhitespace(value.charCodeAt(start))) start++;
  while (end > start && isOptionalWhitespace(value.charCodeAt(end - 1))) end--;
  return value.slice(start, end);
}

function isOptionalWhitespace(code: number): boolean {
  return code === 32 || code === 9;
}

/** Weak comparison (RFC 9110 §8.8.3.2): the opaque tags are equal, whether either is weak or not. */
export function weakMatch(a: string, b: string): boolean {
  return opaque(a) === opaque(b);
}

/** Strong comparison: both tags are strong and equal. */
export function strongMatch(a: string, b: string): boolean {
  return a === b && !a.startsWith('W/');
}

function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * The tag of the representation in a content coding: the coding appended inside the quotes and the
 * tag made weak (`"abc"` → `W/"abc-br"`), as nginx and `send` do, so each encoding has its own
 * validator (RFC 9110 §8.8.3).
 */
export function codedTag(tag: string, coding: string): string {
  const value = opaque(tag);
  if (!value.endsWith('"')) return tag;
  return `W/${value.slice(0, -1)}-${coding}"`;
}

/** The tag without the suffix `codedTag` adds for `coding`, or the tag unchanged. */
export function uncodedTag(tag: string, coding: string | undefined): string {
  if (coding === undefined) return tag;
  const suffix = `-${coding}"`;
  return tag.endsWith(suffix) ? `${tag.slice(0, -suffix.length)}"` : tag;
}
