import { decodePathParam } from '../generate-path';

const TWO_HEX_DIGITS = /^[0-9A-Fa-f]{2}$/;

/**
 * Percent-decoded slices of one raw path segment in constant time each, so splitting a segment among
 * its placeholders decodes it once instead of once per candidate split. A slice gives what
 * `decodePathParam` would give for `raw.slice(start, end)`: `undefined` when it cuts an escape
 * sequence (`%C3` of `%C3%A9`) or holds a malformed one.
 */
export class DecodedSlices {
  private readonly decoded: string;
  /** The decoded offset of each raw index, -1 inside an escape sequence; `null` when `raw` has no `%`. */
  private readonly offsets: Int32Array | null = null;
  /** How many malformed escapes start before each raw index. */
  private readonly malformed: Int32Array | null = null;

  constructor(private readonly raw: string) {
    this.decoded = raw;
    if (raw.indexOf('%') === -1) return;
    const offsets = new Int32Array(raw.length + 1).fill(-1);
    const malformed = new Int32Array(raw.length + 1);
    let decoded = '';
    let bad = 0;
    for (let i = 0; i < raw.length;) {
      offsets[i] = decoded.length;
      malformed[i] = bad;
      if (raw.charCodeAt(i) !== 37) {
        decoded += raw[i];
        i += 1;
        continue;
      }
      const width = escapeWidth(raw, i);
      const sequence = width === 0 ? undefined : decodeSequence(raw.slice(i, i + width));
      if (sequence === undefined) {
        bad += 1;
        decoded += '%';
        i += 1;
      } else {
        decoded += sequence;
        i += width;
      }
    }
    offsets[raw.length] = decoded.length;
    malformed[raw.length] = bad;
    this.decoded = decoded;
    this.offsets = offsets;
    this.malformed = malformed;
  }

  /** Whether a value may start at `index`: not inside an escape sequence. */
  isBoundary(index: number): boolean {
    return this.offsets === null || (this.offsets[index] as number) >= 0;
  }

  /** The decoded value of `raw.slice(start, end)`, or `undefined` when it does not decode. */
  slice(start: number, end: number): string | undefined {
    const { offsets, malformed } = this;
    if (offsets === null || malformed === null) return this.raw.slice(start, end);
    if (start === end) return '';
    const from = offsets[start] as number;
    const to = offsets[end] as number;
    // Starting right after a `%` (never a placeholder's start: no template literal ends so), the
    // slice reads the escape's digits as text.
    if (from < 0 && (this.raw[start - 1] === '%' || this.raw[start - 2] === '%')) {
      return decodePathParam(this.raw.slice(start, end));
    }
    if (from < 0 || to < 0 || malformed[start] !== malformed[end]) return undefined;
    return this.decoded.slice(from, to);
  }
}

/** The raw length of the UTF-8 escape sequence its lead byte at `i` announces (`%E2` → 9), 0 if none. */
function escapeWidth(raw: string, i: number): number {
  const hex = raw.slice(i + 1, i + 3);
  if (!TWO_HEX_DIGITS.test(hex)) return 0;
  const lead = parseInt(hex, 16);
  if (lead < 0x80) return 3;
  if (lead >= 0xc0 && lead < 0xe0) return 6;
  if (lead >= 0xe0 && lead < 0xf0) return 9;
  if (lead >= 0xf0 && lead < 0xf8) return 12;
  return 0;
}

function decodeSequence(sequence: string): string | undefined {
  try {
    return decodeURIComponent(sequence);
  } catch {
    return undefined;
  }
}
