import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  compileTokens,
  decodePathParam,
  parsePathTemplate,
  splitSegment,
  SPLIT_WORK_FLOOR,
  templateSegments,
  type TemplatePart,
  type TemplateSegment,
} from '../../src';

function split(template: string, raw: string, tokens?: Record<string, string>, maxLength?: number) {
  const parsed = parsePathTemplate(template);
  const params: Record<string, string> = Object.create(null);
  const parts = (templateSegments(parsed)[0] as TemplateSegment).parts;
  const held = splitSegment(raw, parts, compileTokens(parsed, tokens), params, maxLength);
  return held ? { ...params } : undefined;
}

describe('splitSegment', () => {
  it('takes the leftmost-longest split', () => {
    expect(split('/{a}.{b}', 'a.b.1')).toEqual({ a: 'a.b', b: '1' });
    expect(split('/{from}-{to}', '1-2-')).toEqual({ from: '1', to: '2-' });
    expect(split('/{from}-{to}', '1-2-3')).toEqual({ from: '1-2', to: '3' });
  });

  it('picks the leftmost-longest split that satisfies the tokens', () => {
    expect(split('/{a}.{b}', 'a.b.1', { a: '[^.]+' })).toEqual({ a: 'a', b: 'b.1' });
    expect(split('/{a}.{b}', 'a.b.1', { b: 'b\\..*' })).toEqual({ a: 'a', b: 'b.1' });
    expect(split('/v{x}-{y}.json', 'v1-2-3.json', { y: '\\d+' })).toEqual({ x: '1-2', y: '3' });
    expect(split('/{a}-{b}-{c}', 'a-y-q-c', { b: 'y.*' })).toEqual({ a: 'a', b: 'y-q', c: 'c' });
    expect(split('/{a}-{b}-{c}-{d}', 'x-x-x-x-')).toEqual({ a: 'x', b: 'x', c: 'x', d: 'x-' });
  });

  it('finds no split from past a start that found none, which a token before the placeholder can reach again', () => {
    // With a: '1-b', c has no split from index 6 (d: 'z' fails its token). With a: '1', b's token lets
    // it take 'b-c-x', so c starts at 8, past 6, where it has no split either; b then takes 'b'.
    expect(split('/{a}-{b}-{c}-{d}', '1-b-c-x-z', { b: 'b.*|c', d: 'x.*' })).toEqual({
      a: '1',
      b: 'b',
      c: 'c',
      d: 'x-z',
    });
  });

  it('fails when no split holds, leaving no value behind', () => {
    expect(split('/{a}.{b}', '.a.b')).toEqual({ a: '.a', b: 'b' });
    expect(split('/{a}.{b}', 'ab')).toBeUndefined();
    expect(split('/{a}-{b}x', 'a-x')).toBeUndefined();
    expect(split('/{a}-{b}x', '-bx')).toBeUndefined();
    expect(split('/{a}.{b}', 'a.b', { a: '\\d+' })).toBeUndefined();
    const params: Record<string, string> = Object.create(null);
    const parsed = parsePathTemplate('/{a}.{b}');
    const { parts } = templateSegments(parsed)[0] as TemplateSegment;
    expect(splitSegment('x.y', parts, compileTokens(parsed, { b: '\\d+' }), params)).toBe(false);
    expect(Object.keys(params)).toEqual([]);
  });

  it('decodes each value once and skips splits with a malformed escape', () => {
    expect(split('/{a}-{b}', '%41-%2F')).toEqual({ a: 'A', b: '/' });
    expect(split('/{a}-{b}', '%E0-1')).toBeUndefined();
  });

  it('limits each value to maxLength characters as received', () => {
    expect(split('/{a}-{b}', 'aaa-b', undefined, 3)).toEqual({ a: 'aaa', b: 'b' });
    expect(split('/{a}-{b}', 'aaaa-b', undefined, 3)).toBeUndefined();
    expect(split('/{a}-{b}', 'a-b-c', undefined, 1)).toBeUndefined();
    expect(split('/{a}-{b}', 'a-bb-c', undefined, 4)).toEqual({ a: 'a-bb', b: 'c' });
    expect(split('/{a}-{b}x', 'a-bbbx', undefined, 3)).toEqual({ a: 'a', b: 'bbb' });
    expect(split('/{a}-{b}x', 'a-bbbbx', undefined, 3)).toBeUndefined();
  });
});

// The rule as written: try every end of each placeholder, longest first, decoding each candidate.
function naiveSplit(
  raw: string,
  parts: readonly TemplatePart[],
  tokens: Readonly<Record<string, RegExp>>,
  maxLength: number,
  index = 0,
  position = 0,
): Record<string, string> | undefined {
  if (index === parts.length) return position === raw.length ? {} : undefined;
  const part = parts[index] as TemplatePart;
  if (part.kind === 'static') {
    if (!raw.startsWith(part.text, position)) return undefined;
    return naiveSplit(raw, parts, tokens, maxLength, index + 1, position + part.text.length);
  }
  for (let end = raw.length; end > position; end--) {
    if (end - position > maxLength) continue;
    const value = decodePathParam(raw.slice(position, end));
    if (value === undefined || tokens[part.name]?.test(value) === false) continue;
    const rest = naiveSplit(raw, parts, tokens, maxLength, index + 1, end);
    if (rest !== undefined) return { [part.name]: value, ...rest };
  }
  return undefined;
}

describe('splitSegment against the rule as written', () => {
  const TEMPLATES = [
    '/{a}.{b}',
    '/{a}-{b}-{c}',
    '/v{a}.{b}.json',
    '/{a}..{b}',
    '/x{a}-{b}y',
    '/{a}.{b}-{c}.{d}',
  ];
  const TOKENS = [undefined, { a: '[^.]+' }, { b: '\\d+' }, { a: 'a|b' }, { c: '[a-z.]+' }, { d: '\\d+' }];
  const PIECES = ['a', 'b', '1', '.', '..', '-', 'v', 'x', 'y', 'json', '%41', '%2E', '%C3%A9', '%C3', '%zz'];

  it('splits parts with two adjacent placeholders, which no parsed template has, by the same rule', () => {
    const parts: TemplatePart[] = [
      { kind: 'param', name: 'a' },
      { kind: 'param', name: 'b' },
      { kind: 'static', text: '.' },
      { kind: 'param', name: 'c' },
    ];
    const tokens = { b: /^(?:\d+)$/ };
    for (const raw of ['ab.c', 'a1.c', '1.c', 'ab12.c', 'a.b.c', 'abc', 'a1.', '%41%42.c'])
      for (const maxLength of [Infinity, 1, 2]) {
        const params: Record<string, string> = Object.create(null);
        const held = splitSegment(raw, parts, tokens, params, maxLength);
        expect([raw, maxLength, held ? { ...params } : undefined]).toEqual([
          raw,
          maxLength,
          naiveSplit(raw, parts, tokens, maxLength),
        ]);
      }
    const params: Record<string, string> = Object.create(null);
    expect(splitSegment('ab12.c', parts, tokens, params)).toBe(true);
    expect({ ...params }).toEqual({ a: 'ab1', b: '2', c: 'c' });
  });

  it('gives the same split on random segments, with and without a limit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TEMPLATES),
        fc.constantFrom(...TOKENS),
        fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((pieces) => pieces.join('')),
        fc.constantFrom(Infinity, 1, 3, 8),
        (template, tokens, raw, maxLength) => {
          const parsed = parsePathTemplate(template);
          const usable =
            tokens === undefined
              ? undefined
              : Object.fromEntries(
                  Object.entries(tokens).filter(([name]) => parsed.paramNames.includes(name)),
                );
          const compiled = compileTokens(parsed, usable);
          const { parts } = templateSegments(parsed)[0] as TemplateSegment;
          expect(split(template, raw, usable, maxLength)).toEqual(
            naiveSplit(raw, parts, compiled, maxLength),
          );
        },
      ),
      { numRuns: 4000 },
    );
  });
});

describe('splitSegment: bounded work whatever the limit', () => {
  const parsed = parsePathTemplate('/{a}-{b}-{c}');
  const { parts } = templateSegments(parsed)[0] as TemplateSegment;

  function splitUnlimited(raw: string, tokens?: Record<string, string>, into = Object.create(null)) {
    return splitSegment(raw, parts, compileTokens(parsed, tokens), into, Infinity);
  }

  it('fails a split whose work would grow faster than the segment, leaving no value behind', () => {
    // b has a token, so every end of b from every start of b would be tried: 2 × 10^9 steps.
    const params: Record<string, string> = Object.create(null);
    expect(splitUnlimited('-'.repeat(65_536), { b: '\\d+' }, params)).toBe(false);
    expect(Object.keys(params)).toEqual([]);
  });

  it('still splits a long segment whose split is found early', () => {
    const params: Record<string, string> = Object.create(null);
    const a = `${'a-'.repeat(31_999)}a`;
    expect(splitUnlimited(`${a}-1-c`, { b: '\\d+' }, params)).toBe(true);
    expect({ ...params }).toEqual({ a, b: '1', c: 'c' });
  });

  it('fails a split found only after more work than its segment allows, which a small one finds', () => {
    // b must be "2-…-3": every longer a leaves b a start on "-", so each of them tries every end of b.
    const token = { b: '\\d+-+\\d+' };
    const params: Record<string, string> = Object.create(null);
    expect(splitUnlimited(`1-2${'-'.repeat(20)}3-4`, token, params)).toBe(true);
    expect({ ...params }).toEqual({ a: '1', b: `2${'-'.repeat(20)}3`, c: '4' });
    expect(splitUnlimited(`1-2${'-'.repeat(2000)}3-4`, token)).toBe(false);
  });

  it('reads a value longer than the floor with its token: the work allowed grows with the segment', () => {
    const long = 'x'.repeat(SPLIT_WORK_FLOOR * 2);
    expect(splitUnlimited(`y-${long}-y`, { b: 'x+' })).toBe(true);
    expect(splitUnlimited(`${long}-${long}-${long}`, { a: 'x+', b: 'x+', c: 'x+' })).toBe(true);
  });
});
