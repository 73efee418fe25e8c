import { describe, expect, it } from '@jest/globals';
import { hasCodeUnit } from '../../src/token-safety/char-set';
import { positionAutomaton } from '../../src/token-safety/position-automaton';

/** Each position's successors as `target×ways`, for short assertions. */
function followOf(source: string): string[][] {
  return positionAutomaton(new RegExp(source)).follow.map((targets) =>
    [...targets].map(([target, ways]) => `${target}×${ways}`),
  );
}

describe('positionAutomaton', () => {
  it('gives one position per character class, with its characters', () => {
    const { characters } = positionAutomaton(/^a[0-9]\d$/);
    expect(characters).toHaveLength(3);
    expect(characters.map((set) => hasCodeUnit(set, 'a'.charCodeAt(0)))).toEqual([true, false, false]);
    expect(characters.map((set) => hasCodeUnit(set, '5'.charCodeAt(0)))).toEqual([false, true, true]);
  });

  it('links a sequence in order, skipping over optional parts', () => {
    expect(followOf('ab?c')).toEqual([['1×1', '2×1'], ['2×1'], []]);
  });

  it('links the last positions of a repeated part back to its first', () => {
    expect(followOf('(?:ab)+c')).toEqual([['1×1'], ['0×1', '2×1'], []]);
  });

  it('reads a bounded repetition of two or more as unbounded, and {0} or {1} as written', () => {
    expect(followOf('a{2,5}')).toEqual([['0×1']]);
    expect(followOf('a{1}b{0}c')).toEqual([['1×1'], []]);
  });

  it('counts a step that nested repetitions both allow twice', () => {
    expect(followOf('(?:a+)+')).toEqual([['0×2']]);
    expect(followOf('(?:ab+)+')).toEqual([['1×1'], ['1×1', '0×1']]);
  });

  it('gives alternatives their own positions, so two alike stay apart', () => {
    expect(followOf('(?:a|a)c')).toEqual([['2×1'], ['2×1'], []]);
  });

  it('reads assertions and backreferences as empty', () => {
    expect(followOf('(?=a)a\\b(x)\\1y')).toEqual([['1×1'], ['2×1'], []]);
  });
});
