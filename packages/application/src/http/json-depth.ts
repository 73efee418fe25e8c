/** Default cap on how deep the arrays and objects of a JSON body nest (`request.json({ maxDepth })`). */
export const DEFAULT_MAX_JSON_DEPTH = 64;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

/**
 * Whether the arrays and objects of `text` nest deeper than `maxDepth`: one pass over the characters,
 * skipping strings, before `JSON.parse` builds anything (a deep document would overflow the stack of
 * whatever walks it later: a recursive schema, a deep clone). Malformed text is left to the parser.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  // Each level takes at least one character: a shorter text cannot be deeper.
  if (text.length <= maxDepth) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > maxDepth) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth--;
  }
  return false;
}
