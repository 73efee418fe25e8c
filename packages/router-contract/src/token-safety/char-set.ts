/** An inclusive range of UTF-16 code units. */
export type CodeUnitRange = readonly [min: number, max: number];

/** A set of UTF-16 code units, as sorted, disjoint, non-adjacent ranges. */
export type CharSet = readonly CodeUnitRange[];

/** The highest code unit a pattern without the `u` flag reads. */
const MAX_CODE_UNIT = 0xffff;

/** The set of the given code units and ranges, in any order, overlapping or not. */
export function charSet(members: readonly (number | CodeUnitRange)[]): CharSet {
  const ranges = members.map((member): CodeUnitRange =>
    typeof member === 'number' ? [member, member] : member,
  );
  const merged: [number, number][] = [];
  for (const [min, max] of ranges.sort((a, b) => a[0] - b[0])) {
    const last = merged[merged.length - 1];
    if (last !== undefined && min <= last[1] + 1) last[1] = Math.max(last[1], max);
    else merged.push([min, max]);
  }
  return merged;
}

/** Whether `set` holds `codeUnit`. */
export function hasCodeUnit(set: CharSet, codeUnit: number): boolean {
  return set.some(([min, max]) => min <= codeUnit && codeUnit <= max);
}

/** The code units `set` does not hold. */
export function negate(set: CharSet): CharSet {
  const gaps: CodeUnitRange[] = [];
  let next = 0;
  for (const [min, max] of set) {
    if (min > next) gaps.push([next, min - 1]);
    next = max + 1;
  }
  if (next <= MAX_CODE_UNIT) gaps.push([next, MAX_CODE_UNIT]);
  return gaps;
}

/** Whether `a` and `b` share a code unit. */
export function intersects(a: CharSet, b: CharSet): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [minA, maxA] = a[i]!;
    const [minB, maxB] = b[j]!;
    if (maxA < minB) i++;
    else if (maxB < minA) j++;
    else return true;
  }
  return false;
}

export const DIGIT = /* @__PURE__ */ charSet([[0x30, 0x39]]);
export const WORD = /* @__PURE__ */ charSet([[0x30, 0x39], [0x41, 0x5a], 0x5f, [0x61, 0x7a]]);
export const SPACE = /* @__PURE__ */ charSet([
  [0x09, 0x0d],
  0x20,
  0xa0,
  0x1680,
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  0x202f,
  0x205f,
  0x3000,
  0xfeff,
]);
/** What `.` reads without the `s` flag: all but the line terminators. */
export const NOT_LINE_TERMINATOR = /* @__PURE__ */ negate(charSet([0x0a, 0x0d, [0x2028, 0x2029]]));
