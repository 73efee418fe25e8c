import { describe, expect, it } from '@jest/globals';
import { parsePathTemplate, renderTemplate, templateRegExp, templateSegments } from '../../src';

describe('templateSegments', () => {
  it('lists the segments after the leading slash with their parts, shape and placeholder count', () => {
    const segments = templateSegments(parsePathTemplate('/api/v{version}/{from}-{to}'));
    expect(segments.map(({ source, shape, params }) => ({ source, shape, params }))).toEqual([
      { source: 'api', shape: 'api', params: 0 },
      { source: 'v{version}', shape: 'v{}', params: 1 },
      { source: '{from}-{to}', shape: '{}-{}', params: 2 },
    ]);
    expect(segments[2]?.parts).toEqual([
      { kind: 'param', name: 'from' },
      { kind: 'static', text: '-' },
      { kind: 'param', name: 'to' },
    ]);
  });

  it('gives "/" one empty segment and keeps empty segments', () => {
    expect(templateSegments(parsePathTemplate('/')).map((s) => s.source)).toEqual(['']);
    expect(templateSegments(parsePathTemplate('/a//{b}/')).map((s) => s.shape)).toEqual(['a', '', '{}', '']);
  });
});

describe('renderTemplate', () => {
  const syntax = { literal: (text: string) => text.toUpperCase(), capture: (name: string) => `<${name}>` };

  it('writes literal text and placeholders in the given syntax', () => {
    expect(renderTemplate(parsePathTemplate('/post/{id}.json'), syntax)).toEqual({
      source: '/POST/<id>.JSON',
      captures: [{ name: 'id', segment: null }],
    });
  });

  it('captures a segment with two or more placeholders whole, under a digit name', () => {
    const rendered = renderTemplate(parsePathTemplate('/r/{a}-{b}/{c}'), syntax);
    expect(rendered.source).toBe('/R/<0>/<c>');
    expect(rendered.captures.map((capture) => capture.name)).toEqual(['0', 'c']);
    expect(rendered.captures[0]?.segment).toHaveLength(3);
  });

  it('writes every placeholder with wholeSegments false', () => {
    expect(renderTemplate(parsePathTemplate('/r/{a}-{b}'), syntax, false).source).toBe('/R/<a>-<b>');
  });
});

describe('templateRegExp', () => {
  it('matches the raw path, literal text escaped', () => {
    const { regexp } = templateRegExp(parsePathTemplate('/a.b/{x}(1)'));
    expect(regexp.exec('/a.b/y(1)')?.[1]).toBe('y');
    expect(regexp.test('/aXb/y(1)')).toBe(false);
    expect(regexp.test('/a.b/y/z(1)')).toBe(false);
  });
});
