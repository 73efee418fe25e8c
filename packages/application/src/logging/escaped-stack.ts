import { describeThrown, readErrorField } from '../errors/read-error-field';
import { escapeControlCharacters } from './escape-control-characters';

/** A thrown value's stack, ready for a log: its heading and its frames, control characters escaped. */
export interface EscapedStack {
  /** `Name: message` on one line, whatever line breaks the message (often request input) holds. */
  readonly heading: string;
  /** The frames (`\n    at …`), each escaped on its own line; empty when the stack has none. */
  readonly frames: string;
}

/**
 * The stack of a thrown value with its control characters escaped, so it is one line per frame and no
 * more; `undefined` when the value has no string `stack` (or reading it throws).
 *
 * @example
 * const stack = escapedStackOf(error);
 * if (stack !== undefined) logger.error({ stack: stack.heading + stack.frames }, 'request failed');
 */
export function escapedStackOf(error: unknown): EscapedStack | undefined {
  const stack = readErrorField(error, 'stack');
  if (typeof stack !== 'string') return undefined;
  const heading = describeThrown(error);
  // The frames follow the heading, which may span lines; a heading the stack does not start with
  // (a message changed after the error was made) is found by its first frame instead.
  const framesAt = stack.startsWith(heading) ? heading.length : stack.indexOf('\n    at ');
  const frames = framesAt === -1 ? '' : stack.slice(framesAt);
  return {
    heading: escapeControlCharacters(heading),
    frames: frames
      .split('\n')
      .map((line) => escapeControlCharacters(line))
      .join('\n'),
  };
}
