/** An inclusive range of UTF-16 code units. */
export type CodeUnitRange = readonly [min: number, max: number];

/** The highest code unit a pattern without the `u` flag reads. */
const MAX_CODE_UNIT = 0xffff;

/** A set of UTF-16 code units, kept as sorted, disjoint, non-adjacent ranges. */
export class CharSet {
  private constructor(readonly ranges: readonly CodeUnitRange[]) {}

  /** The set of the given ranges, in any order, overlapping or not. */
  static of(ranges: readonly CodeUnitRange[]): CharSet {
    const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const [min, max] of sorted) {
      const last = merged[merged.length - 1];
      if (last !== undefined && min <= last[1] + 1) last[1] = Math.max(last[1], max);
      else merged.push([min, max]);
    }
    return new CharSet(merged);
  }

  has(codeUnit: number): boolean {
    return this.ranges.some(([min, max]) => min <= codeUnit && codeUnit <= max);
  }

  negate(): CharSet {
    const gaps: CodeUnitRange[] = [];
    let next = 0;
    for (const [min, max] of this.ranges) {
      if (min > next) gaps.push([next, min - 1]);
      next = max + 1;
    }
    if (next <= MAX_CODE_UNIT) gaps.push([next, MAX_CODE_UNIT]);
    return new CharSet(gaps);
  }

  isDisjointWith(other: CharSet): boolean {
    let i = 0;
    let j = 0;
    while (i < this.ranges.length && j < other.ranges.length) {
      const [minA, maxA] = this.ranges[i] as CodeUnitRange;
      const [minB, maxB] = other.ranges[j] as CodeUnitRange;
      if (maxA < minB) i++;
      else if (maxB < minA) j++;
      else return false;
    }
    return true;
  }
}

export const DIGIT = /* @__PURE__ */ CharSet.of([[0x30, 0x39]]);
export const WORD = /* @__PURE__ */ CharSet.of([
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
]);
export const SPACE = /* @__PURE__ */ CharSet.of([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
/** What `.` reads without the `s` flag: all but the line terminators. */
export const NOT_LINE_TERMINATOR = /* @__PURE__ */ CharSet.of([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]).negate();
