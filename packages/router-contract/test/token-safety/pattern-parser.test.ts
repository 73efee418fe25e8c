import { describe, expect, it } from '@jest/globals';
import { backtrackingVerdict } from '../../src/token-safety';
import { AnalysisLimitError } from '../../src/token-safety/analysis-limit';
import { type CharSet, hasCodeUnit } from '../../src/token-safety/char-set';
import { positionAutomaton } from '../../src/token-safety/position-automaton';

const CODE_UNITS = Array.from({ length: 0x10000 }, (_, unit) => unit);

function characters(source: string): readonly CharSet[] {
  return positionAutomaton(new RegExp(source)).characters;
}

describe('parsePattern, read through positionAutomaton', () => {
  it.each([
    '.',
    '\\d',
    '\\D',
    '\\w',
    '\\W',
    '\\s',
    '\\S',
    '[a-z0-9]',
    '[^/]',
    '[^\\d\\s]',
    '[\\w.-]',
    '[\\d-x]',
    '[-a]',
    '[a-]',
    '[\\b]',
    '[]',
    '[^]',
    '[\\x41-\\u00e9]',
    '\\x41',
    '\\u00e9',
    '\\uD83D',
    '\\cJ',
    '\\0',
    '\\t',
    '\\/',
    '\\-',
    '{',
    '}',
    ']',
    '\\k',
    '\\p',
    'é',
  ])('reads %s as the code units the engine matches', (source) => {
    const [set, ...rest] = characters(source);
    expect(rest).toEqual([]);
    const engine = new RegExp(`^(?:${source})$`);
    const mismatches = CODE_UNITS.filter(
      (unit) => hasCodeUnit(set as CharSet, unit) !== engine.test(String.fromCharCode(unit)),
    );
    expect(mismatches).toEqual([]);
  });

  it('reads a brace that opens no quantifier as a character', () => {
    expect(characters('a{')).toHaveLength(2);
    expect(characters('a{,5}')).toHaveLength(5);
    expect(characters('a{2}')).toHaveLength(1);
  });

  it('reads a character outside the Basic Multilingual Plane as its two code units', () => {
    expect(characters('😀')).toEqual([[[0xd83d, 0xd83d]], [[0xde00, 0xde00]]]);
  });

  it('reads lookarounds, named groups and their references as empty', () => {
    expect(characters('(?<=a)(?<!b)(?=c)*(?!d)x')).toHaveLength(1);
    expect(characters('(?<n>a)\\k<n>')).toHaveLength(1);
    expect(characters('(?=(a))\\1b')).toHaveLength(1);
  });

  it.each([
    ['flags', new RegExp('a', 'i')],
    ['a legacy octal escape', new RegExp('\\01')],
    ['a legacy octal escape in a class', new RegExp('[\\1]')],
    ['a number above the count of groups', new RegExp('(a)\\2')],
    ['\\k< without named groups', new RegExp('\\k<x>')],
    ['\\c without a letter', new RegExp('\\c1')],
    ['\\x without two hex digits', new RegExp('\\xZ')],
    ['\\u without four hex digits', new RegExp('\\u12')],
  ])('refuses %s, so the expression is judged unsafe', (_, expression) => {
    expect(() => positionAutomaton(expression)).toThrow(SyntaxError);
    expect(backtrackingVerdict(expression)).toBe('unsafe');
  });

  it('refuses an expression of more than 10,000 nodes', () => {
    expect(() => positionAutomaton(new RegExp('a'.repeat(10_001)))).toThrow(new AnalysisLimitError('nodes'));
    expect(characters('a'.repeat(9_000))).toHaveLength(9_000);
  });
});
