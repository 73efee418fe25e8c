const PLAIN = /^[A-Za-z0-9_./:@%+=,-]+$/;

/**
 * `text` as one word of a POSIX shell command: as it is when it holds only characters no shell
 * reads specially, else in single quotes (a quote inside written `'\''`).
 *
 * @example
 * shellQuote('my-app'); // my-app
 * shellQuote("it's here"); // 'it'\''s here'
 */
export function shellQuote(text: string): string {
  if (PLAIN.test(text)) return text;
  return `'${text.replaceAll("'", "'\\''")}'`;
}
