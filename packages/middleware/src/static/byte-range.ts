import parseRange from 'range-parser';

/** Longest `Range` value considered; a longer one is ignored (the whole file is sent). */
const MAX_RANGE_HEADER_LENGTH = 256;

/** What to send for a `Range` header: the whole file, one byte range, or 416. */
export type RangeDecision =
  | { readonly kind: 'full' }
  | { readonly kind: 'partial'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' };

const FULL: RangeDecision = { kind: 'full' };

/**
 * One satisfiable byte range gives a partial answer; overlapping ranges are combined first. Several
 * distinct ranges, other units, malformed or oversized values give the whole file (a server may
 * ignore `Range`), so a request can never make the server send more than the file once.
 */
export function decideRange(size: number, header: string | undefined): RangeDecision {
  if (header === undefined || header.length > MAX_RANGE_HEADER_LENGTH) return FULL;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return unsatisfiableOrWhole(size, header);
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return FULL;
  const [range] = ranges as unknown as [{ start: number; end: number }];
  return { kind: 'partial', start: range.start, end: range.end };
}

/**
 * What `range-parser` calls unsatisfiable, refined: a unit other than bytes is ignored (the whole
 * file), and a suffix range longer than the file asks for all of it (RFC 9110 §14.1.3).
 */
function unsatisfiableOrWhole(size: number, header: string): RangeDecision {
  const [unit, set = ''] = header.split('=', 2);
  if (unit !== 'bytes') return FULL;
  if (!set.split(',').some((spec) => /^\s*-\s*0*[1-9]\d*\s*$/.test(spec))) return { kind: 'unsatisfiable' };
  return size === 0 ? FULL : { kind: 'partial', start: 0, end: size - 1 };
}
