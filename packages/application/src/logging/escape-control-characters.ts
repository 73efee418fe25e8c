// C0 and C1 controls, DEL, the Unicode line and paragraph separators, and the bidirectional formatting
// characters (which make a viewer show a line's text in another order than it was written).
const CONTROL =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * `text` with every control character written as an escape (`\n`, `\u001b`, `\u202e`): request input
 * in a log line can then neither start a forged line, nor reach the terminal as an escape sequence, nor
 * reorder what a viewer shows. JSON encoders (pino) escape C0 only: C1, U+2028/2029 and the
 * bidirectional controls pass them raw.
 *
 * @example
 * logger.info({ path: escapeControlCharacters(request.originalPath) }, 'request completed');
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(
    CONTROL,
    (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
