import { longestText } from '../limits';
import type { TemplatePart } from '../path-template';
import { DecodedSlices } from './decoded-slices';

/** The work units a split may spend per character of its segment; see `splitSegment`. */
export const SPLIT_WORK_PER_CHARACTER = 64;
/** The work units any split may spend, however short its segment. */
export const SPLIT_WORK_FLOOR = 1 << 16;

/** Thrown inside a split whose work ran out; `splitSegment` turns it into a failure. */
const WORK_SPENT = Symbol('split work spent');

/**
 * Splits one path segment (as received, still percent-encoded) among the placeholders of a template
 * segment with two or more of them, by the contract's rule: literal text must appear as is, each
 * placeholder takes one or more characters, and its decoded value must satisfy its token and be at
 * most `maxLength` characters as received. Of the splits that hold, the leftmost-longest wins: the
 * first placeholder takes as much as it can, then the next, and so on (a regular expression without
 * tokens would pick the same split). Writes the decoded values into `params`; returns false, leaving
 * no value of this segment behind, when no split holds.
 *
 * Bounded work: a segment longer than the template segment allows (`maxLength` per placeholder plus
 * its literal text) fails at once; the segment is decoded once; a placeholder followed by literal text
 * only tries the ends where that text occurs, the last placeholder only the end that leaves the
 * trailing text; and a placeholder that found no split from a position is not tried there again.
 * Whatever the limit, a split spends at most `SPLIT_WORK_PER_CHARACTER` units per character of the
 * segment (plus `SPLIT_WORK_FLOOR`): each candidate end costs one, each character scanned for literal
 * text or handed to a token one more. A split that needs more fails, as one with a value over the
 * limit does: with `maxLength: Infinity` and a token on a placeholder between the first and the last
 * (`{a}-{b}-{c}`), trying every end from every start would be quadratic in the segment length.
 *
 * @example
 * const params = createMatchParams();
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
  if (raw.length > longestText(parts, maxLength)) return false;
  try {
    return new SegmentSplit(raw, parts, tokens, params, maxLength).from(0, 0);
  } catch (error) {
    if (error !== WORK_SPENT) throw error;
    for (const part of parts) if (part.kind === 'param') delete params[part.name];
    return false;
  }
}

class SegmentSplit {
  private readonly values: DecodedSlices;
  /** `index * (raw.length + 1) + position` of the placeholders known to have no split from there. */
  private failed: Set<number> | undefined;
  /** Per placeholder index: the lowest start it found no split from, where that says all ends after it fail. */
  private readonly lowestFailed: (number | undefined)[] = [];
  private work: number;

  constructor(
    private readonly raw: string,
    private readonly parts: readonly TemplatePart[],
    private readonly tokens: Readonly<Record<string, RegExp>>,
    private readonly params: Record<string, string>,
    private readonly maxLength: number,
  ) {
    this.values = new DecodedSlices(raw);
    this.work = SPLIT_WORK_PER_CHARACTER * raw.length + SPLIT_WORK_FLOOR;
  }

  /** Whether `parts[index..]` match `raw[position..]`, writing the leftmost-longest split. */
  from(index: number, position: number): boolean {
    const { raw, parts } = this;
    if (index === parts.length) return position === raw.length;
    const part = parts[index] as TemplatePart;
    if (part.kind === 'static') {
      return raw.startsWith(part.text, position) && this.from(index + 1, position + part.text.length);
    }
    // Only a placeholder after two others can be reached from one position by several splits.
    const key = index >= 4 ? index * (raw.length + 1) + position : -1;
    if (key !== -1 && this.failed?.has(key)) return false;
    if (this.tryEnds(index, part.name, position)) return true;
    delete this.params[part.name];
    if (key !== -1) (this.failed ??= new Set()).add(key);
    return false;
  }

  /** Tries the ends of placeholder `parts[index]` starting at `position`, the longest first. */
  private tryEnds(index: number, name: string, position: number): boolean {
    const { raw, parts } = this;
    const longest = Math.min(raw.length, position + this.maxLength);
    const next = parts[index + 1];
    if (next === undefined) {
      return (
        position < raw.length && longest === raw.length && this.tryEnd(index, name, position, raw.length)
      );
    }
    if (next.kind === 'static' && index + 2 === parts.length) {
      const end = raw.length - next.text.length;
      return (
        end > position && end <= longest && raw.endsWith(next.text) && this.tryEnd(index, name, position, end)
      );
    }
    // Without a limit or a token, whether an end works does not depend on the start (a start inside an
    // escape aside): the ends after a start that found no split all fail, so each end is tried once.
    const reusable =
      this.maxLength === Infinity && this.tokens[name] === undefined && this.values.isBoundary(position);
    const lowest = reusable ? this.lowestFailed[index] : undefined;
    if (lowest !== undefined && position >= lowest) return false;
    const highest = lowest === undefined ? longest : Math.min(longest, lowest);
    if (next.kind === 'param') {
      for (let end = highest; end > position; end--) if (this.tryEnd(index, name, position, end)) return true;
    } else {
      for (
        let end = this.occurrenceBefore(next.text, highest);
        end > position;
        end = this.occurrenceBefore(next.text, end - 1)
      ) {
        if (this.tryEnd(index, name, position, end)) return true;
      }
    }
    if (reusable) this.lowestFailed[index] = position;
    return false;
  }

  /** The last occurrence of `text` at or before `from` (-1 if none), paying for the characters scanned. */
  private occurrenceBefore(text: string, from: number): number {
    const found = this.raw.lastIndexOf(text, from);
    this.spend(from - found);
    return found;
  }

  private tryEnd(index: number, name: string, position: number, end: number): boolean {
    this.spend(1);
    const value = this.values.slice(position, end);
    if (value === undefined) return false;
    const token = this.tokens[name];
    if (token !== undefined) {
      this.spend(value.length);
      if (!token.test(value)) return false;
    }
    this.params[name] = value;
    return this.from(index + 1, end);
  }

  private spend(units: number): void {
    this.work -= units;
    if (this.work < 0) throw WORK_SPENT;
  }
}
