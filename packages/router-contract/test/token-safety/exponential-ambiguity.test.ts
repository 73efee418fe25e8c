import { describe, expect, it } from '@jest/globals';
import { backtrackingVerdict } from '../../src/token-safety';
import { hasExponentialAmbiguity } from '../../src/token-safety/exponential-ambiguity';
import { positionAutomaton } from '../../src/token-safety/position-automaton';

function anchored(source: string): RegExp {
  return new RegExp(`^(?:${source})$`);
}

describe('hasExponentialAmbiguity', () => {
  it.each([
    '(\\d|\\d\\d)+',
    '(a|a)*',
    '(?:a|b|ab)*',
    '(?:[^/]|%2F)+',
    '(ab?|b)+',
    '(?:\\d\\d?)+',
    '(.*,)+x',
    '(a+)+',
    '(a*)*',
    '(?:\\w+\\s?)+',
  ])('finds two ways through a loop of %s', (source) => {
    expect(hasExponentialAmbiguity(positionAutomaton(anchored(source)))).toBe(true);
  });

  it.each([
    '\\d+',
    '(a|ab)*',
    '(ab|a)*c',
    '(?:ab+)+',
    '[a-z0-9]+(?:-[a-z0-9]+)*',
    '([a-z]+\\.)+[a-z]+',
    '\\d+(?:\\.\\d+)?',
    // Two quantifiers trading characters cost polynomial time, which the length limit bounds.
    '\\d+\\d+',
    'a|a',
  ])('finds one way at most through every loop of %s', (source) => {
    expect(hasExponentialAmbiguity(positionAutomaton(anchored(source)))).toBe(false);
  });

  it('ignores positions that share no character', () => {
    expect(hasExponentialAmbiguity(positionAutomaton(anchored('(?:a|b)+')))).toBe(false);
    expect(hasExponentialAmbiguity(positionAutomaton(anchored('(?:a|[ab])+')))).toBe(true);
  });
});

describe('backtrackingVerdict', () => {
  it('judges by the ambiguity of the expression', () => {
    expect(backtrackingVerdict(anchored('(\\d|\\d\\d)+'))).toBe('unsafe');
    expect(backtrackingVerdict(anchored('\\d+'))).toBe('safe');
  });

  it('judges an expression too large to analyse too complex', () => {
    const words = Array.from({ length: 20_000 }, (_, i) => `x${i}`).join('|');
    expect(backtrackingVerdict(anchored(words))).toBe('too-complex');
  });
});
