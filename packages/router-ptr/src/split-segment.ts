import { decodePathParam, type TemplatePart } from '@framework/router-contract';

/**
 * Splits one captured path segment among its placeholders: literal text must appear as is, each
 * placeholder takes one or more characters, its decoded value must satisfy its token. Earlier
 * placeholders take as much as they can (as a regular expression would); the first split that holds
 * wins. Writes the decoded values into `params`; false when no split holds.
 */
export function splitSegment(
  raw: string,
  parts: readonly TemplatePart[],
  tokens: Readonly<Record<string, RegExp>>,
  params: Record<string, string>,
): boolean {
  return split(raw, parts, 0, 0, tokens, params);
}

function split(
  raw: string,
  parts: readonly TemplatePart[],
  index: number,
  position: number,
  tokens: Readonly<Record<string, RegExp>>,
  params: Record<string, string>,
): boolean {
  if (index === parts.length) return position === raw.length;
  const part = parts[index] as TemplatePart;
  if (part.kind === 'static') {
    return (
      raw.startsWith(part.text, position) &&
      split(raw, parts, index + 1, position + part.text.length, tokens, params)
    );
  }
  const next = parts[index + 1];
  for (let end = raw.length; end > position; end--) {
    if (next !== undefined && next.kind === 'static' && !raw.startsWith(next.text, end)) continue;
    const value = decodePathParam(raw.slice(position, end));
    if (value === undefined) continue;
    const token = tokens[part.name];
    if (token !== undefined && !token.test(value)) continue;
    params[part.name] = value;
    if (split(raw, parts, index + 1, end, tokens, params)) return true;
  }
  delete params[part.name];
  return false;
}
