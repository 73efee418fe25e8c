import { describe, expect, it } from '@jest/globals';
import { ParamReader, compileTokens, parsePathTemplate, segmentWalk, templateRegExp } from '../../src';

const TEMPLATES = ['/post/{id}', '/a/{x}/b/{y}', '/{a}/{b}', '/a//{x}', '/caf%C3%A9/{x}', '/{x}/edit'];
const SEGMENTS = [
  '',
  'a',
  'b',
  'post',
  'edit',
  'Edit',
  '42',
  'x%2Fy',
  '%',
  '%E0%A4',
  '%41',
  'caf%C3%A9',
  'abcdef',
];

/** Every path of one to four segments drawn from `SEGMENTS`, with and without a trailing `/`. */
function paths(): string[] {
  let level = [''];
  const all: string[] = [];
  for (let depth = 0; depth < 4; depth++) {
    level = level.flatMap((prefix) => SEGMENTS.map((segment) => `${prefix}/${segment}`));
    for (const path of level) all.push(path, `${path}/`);
  }
  return [...all, '', 'post/1', '//'];
}

function plain(params: Record<string, string> | undefined) {
  return params === undefined ? undefined : { ...params };
}

describe('segmentWalk', () => {
  it.each(TEMPLATES)('answers %s as its regular expression and ParamReader do', (source) => {
    const template = parsePathTemplate(source);
    const { regexp, captures } = templateRegExp(template);
    const reader = new ParamReader(captures, { maxLength: 5 });
    const walk = segmentWalk(template, reader);
    if (walk === undefined) throw new Error(`${source} must be walkable`);
    const wanted = Object.entries({ id: '\\d+', y: '[^/]{1,3}' }).filter(([name]) =>
      template.paramNames.includes(name),
    );
    const tokens = compileTokens(template, Object.fromEntries(wanted));
    const differing = paths().filter((path) => {
      const found = regexp.exec(path);
      const expected = found === null ? undefined : reader.read(found, 1, tokens);
      return JSON.stringify(plain(walk(path, tokens))) !== JSON.stringify(plain(expected));
    });
    expect(differing).toEqual([]);
  });

  it.each(['/static', '/v{n}', '/{a}-{b}', '/post/{id}.json'])(
    'leaves %s, without a placeholder or with one sharing its segment, to an expression',
    (source) => {
      const template = parsePathTemplate(source);
      expect(segmentWalk(template, new ParamReader(templateRegExp(template).captures))).toBeUndefined();
    },
  );
});
