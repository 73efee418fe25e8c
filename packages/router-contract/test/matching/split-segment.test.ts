import { describe, expect, it } from '@jest/globals';
import {
  compileTokens,
  parsePathTemplate,
  splitSegment,
  templateSegments,
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
  });

  it('fails when no split holds, leaving no value behind', () => {
    expect(split('/{a}.{b}', '.a.b')).toEqual({ a: '.a', b: 'b' });
    expect(split('/{a}.{b}', 'ab')).toBeUndefined();
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
  });
});
