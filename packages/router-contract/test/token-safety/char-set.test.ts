import { describe, expect, it } from '@jest/globals';
import { CharSet } from '../../src/token-safety/char-set';

describe('CharSet', () => {
  it('keeps ranges sorted, merging those that overlap or touch', () => {
    expect(
      CharSet.of([
        [20, 30],
        [0, 5],
        [6, 8],
        [25, 40],
        [50, 50],
      ]).ranges,
    ).toEqual([
      [0, 8],
      [20, 40],
      [50, 50],
    ]);
  });

  it('tells which code units it holds', () => {
    const set = CharSet.of([
      [0x30, 0x39],
      [0x61, 0x61],
    ]);
    expect([0x2f, 0x30, 0x39, 0x3a, 0x61, 0x62].map((unit) => set.has(unit))).toEqual([
      false,
      true,
      true,
      false,
      true,
      false,
    ]);
  });

  it('negates within the UTF-16 code units', () => {
    expect(CharSet.of([[0x0a, 0x0a]]).negate().ranges).toEqual([
      [0, 0x09],
      [0x0b, 0xffff],
    ]);
    expect(CharSet.of([]).negate().ranges).toEqual([[0, 0xffff]]);
    expect(CharSet.of([[0, 0xffff]]).negate().ranges).toEqual([]);
  });

  it('is disjoint from a set exactly when they share no code unit', () => {
    const digits = CharSet.of([[0x30, 0x39]]);
    const letters = CharSet.of([
      [0x41, 0x5a],
      [0x61, 0x7a],
    ]);
    expect(digits.isDisjointWith(letters)).toBe(true);
    expect(letters.isDisjointWith(digits)).toBe(true);
    expect(digits.isDisjointWith(CharSet.of([[0x39, 0x41]]))).toBe(false);
    expect(letters.isDisjointWith(CharSet.of([[0x7a, 0x7a]]))).toBe(false);
    expect(digits.isDisjointWith(CharSet.of([]))).toBe(true);
  });
});
