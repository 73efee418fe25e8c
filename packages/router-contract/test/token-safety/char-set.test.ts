import { describe, expect, it } from '@jest/globals';
import { charSet, hasCodeUnit, intersects, negate } from '../../src/token-safety/char-set';

describe('code-unit sets', () => {
  it('keeps ranges sorted, merging those that overlap or touch', () => {
    expect(charSet([[20, 30], [0, 5], [6, 8], [25, 40], 50])).toEqual([
      [0, 8],
      [20, 40],
      [50, 50],
    ]);
    expect(charSet([9, 7, [8, 8], 11])).toEqual([
      [7, 9],
      [11, 11],
    ]);
  });

  it('leaves the ranges it is given as they were', () => {
    const ranges = [[5, 9] as const, [0, 6] as const];
    charSet(ranges);
    expect(ranges).toEqual([
      [5, 9],
      [0, 6],
    ]);
  });

  it('tells which code units it holds', () => {
    const set = charSet([[0x30, 0x39], 0x61]);
    expect([0x2f, 0x30, 0x39, 0x3a, 0x61, 0x62].map((unit) => hasCodeUnit(set, unit))).toEqual([
      false,
      true,
      true,
      false,
      true,
      false,
    ]);
  });

  it('negates within the UTF-16 code units', () => {
    expect(negate(charSet([0x0a]))).toEqual([
      [0, 0x09],
      [0x0b, 0xffff],
    ]);
    expect(negate(charSet([]))).toEqual([[0, 0xffff]]);
    expect(negate(charSet([[0, 0xffff]]))).toEqual([]);
  });

  it('intersects a set exactly when they share a code unit', () => {
    const digits = charSet([[0x30, 0x39]]);
    const letters = charSet([
      [0x41, 0x5a],
      [0x61, 0x7a],
    ]);
    expect(intersects(digits, letters)).toBe(false);
    expect(intersects(letters, digits)).toBe(false);
    expect(intersects(digits, charSet([[0x39, 0x41]]))).toBe(true);
    expect(intersects(letters, charSet([0x7a]))).toBe(true);
    expect(intersects(digits, charSet([]))).toBe(false);
    expect(intersects(digits, digits)).toBe(true);
  });
});
