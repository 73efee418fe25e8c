import { decodePathParam } from '../generate-path';
import type { TemplatePart } from '../path-template';

/**
 * Splits one path segment (as received, still percent-encoded) among the placeholders of a template
 * segment with two or more of them, by the contract's rule: literal text must appear as is, each
 * placeholder takes one or more characters, and its decoded value must satisfy its token and be at
 * most `maxLength` characters as received. Of the splits that hold, the leftmost-longest wins: the
 * first placeholder takes as much as it can, then the next, and so on (a regular expression without
 * tokens would pick the same split). Writes the decoded values into `params`; returns false, leaving
 * no value of this segment behind, when no split holds.
 *
 * @example
 * const params = Object.create(null);
 * splitSegment('a.b.1', parsePathTemplate('/{a}.{b}').parts.slice(1), { a: /^(?:[^.]+)$/ }, params);
 * // true, params: { a: 'a', b: 'b.1' }
 */
export function splitSegment(
  raw: string,
  parts: readonly TemplatePart[],
  tokens: Readonly<Record<string, RegExp>>,
  params: Record<string, string>,
  maxLength = Infinity,
): boolean {
  return split(raw, parts, 0, 0, tokens, params, maxLength);
}

function split(
  raw: string,
  parts: readonly TemplatePart[],
  index: number,
  position: number,
  tokens: Readonly<Record<string, RegExp>>,
  params: Record<string, string>,
  maxLength: number,
): boolean {
  if (index === parts.length) return position === raw.length;
  const part = parts[index] as TemplatePart;
  if (part.kind === 'static') {
    return (
      raw.startsWith(part.text, position) &&
      split(raw, parts, index + 1, position + part.text.length, tokens, params, maxLength)
    );
  }
  const next = parts[index + 1];
  for (let end = raw.length; end > position; end--) {
    if (end - position > maxLength) continue;
    if (next !== undefined && next.kind === 'static' && !raw.startsWith(next.text, end)) continue;
    const value = decodePathParam(raw.slice(position, end));
    if (value === undefined) continue;
    const token = tokens[part.name];
    if (token !== undefined && !token.test(value)) continue;
    params[part.name] = value;
    if (split(raw, parts, index + 1, end, tokens, params, maxLength)) return true;
  }
  delete params[part.name];
  return false;
}
