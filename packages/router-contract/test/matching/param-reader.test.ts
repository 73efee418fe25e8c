import { describe, expect, it } from '@jest/globals';
import { ParamReader, compileTokens, parsePathTemplate, templateRegExp } from '../../src';
import { inheritedKeys } from '../../src/testing/helpers';

function reader(template: string, maxLength?: number) {
  const parsed = parsePathTemplate(template);
  const { regexp, captures } = templateRegExp(parsed);
  const read = new ParamReader(captures, maxLength === undefined ? {} : { maxLength });
  return (path: string, tokens?: Record<string, string>) => {
    const found = regexp.exec(path);
    const params = found === null ? undefined : read.read(found, 1, compileTokens(parsed, tokens));
    return params === undefined ? undefined : { ...params };
  };
}

describe('ParamReader', () => {
  it('decodes the captures into a new object that inherits nothing', () => {
    const parsed = parsePathTemplate('/post/{id}');
    const { regexp, captures } = templateRegExp(parsed);
    const read = new ParamReader(captures);
    const found = regexp.exec('/post/a%2Fb') as RegExpExecArray;
    const first = read.read(found, 1, {});
    expect(inheritedKeys(first as object)).toEqual([]);
    expect({ ...first }).toEqual({ id: 'a/b' });
    expect(read.read(found, 1, {})).not.toBe(first);
  });

  it('reads captures from an offset', () => {
    const { captures } = templateRegExp(parsePathTemplate('/{a}/{b}'));
    expect({ ...new ParamReader(captures).read(['x', 'y'], 0, {}) }).toEqual({ a: 'x', b: 'y' });
  });

  it('checks tokens against the decoded value, read at every call', () => {
    const read = reader('/p/{id}');
    expect(read('/p/12', { id: '\\d+' })).toEqual({ id: '12' });
    expect(read('/p/x', { id: '\\d+' })).toBeUndefined();
    expect(read('/p/x')).toEqual({ id: 'x' });
    expect(read('/p/%31', { id: '\\d' })).toEqual({ id: '1' });
  });

  it('refuses a malformed escape and a value longer than maxLength', () => {
    expect(reader('/p/{id}')('/p/%E0%A4%A')).toBeUndefined();
    expect(reader('/p/{id}', 2)('/p/ab')).toEqual({ id: 'ab' });
    expect(reader('/p/{id}', 2)('/p/abc')).toBeUndefined();
  });

  it('splits a segment with two placeholders by the contract rule', () => {
    const read = reader('/f/{a}.{b}');
    expect(read('/f/a.b.1')).toEqual({ a: 'a.b', b: '1' });
    expect(read('/f/a.b.1', { a: '[^.]+' })).toEqual({ a: 'a', b: 'b.1' });
    expect(read('/f/a.b', { a: '\\d+' })).toBeUndefined();
  });

  it('reads captures reported by name, with the same checks as read()', () => {
    const parsed = parsePathTemplate('/{a}/{b}-{c}');
    const read = new ParamReader(templateRegExp(parsed).captures, { maxLength: 5 });
    const keys = ['k0', 'k1'];
    const tokens = compileTokens(parsed, { a: '\\d+' });
    expect({ ...read.readKeyed({ k0: '1%41', k1: 'x-y' }, keys, {}) }).toEqual({ a: '1A', b: 'x', c: 'y' });
    expect(read.readKeyed({ k0: '12', k1: 'x-y' }, keys, tokens)).toBeDefined();
    expect(read.readKeyed({ k0: 'x', k1: 'x-y' }, keys, tokens)).toBeUndefined();
    expect(read.readKeyed({ k0: '123456', k1: 'x-y' }, keys, {})).toBeUndefined();
    expect(read.readKeyed({ k0: '%E0%A4%A', k1: 'x-y' }, keys, {})).toBeUndefined();
    expect(read.readKeyed({ k0: '1' }, keys, {})).toBeUndefined();
  });

  it('an empty capture never matches', () => {
    const { captures } = templateRegExp(parsePathTemplate('/{a}/{b}'));
    expect(new ParamReader(captures).read(['x', ''], 0, {})).toBeUndefined();
    expect(new ParamReader(captures).readKeyed({ p: '', q: 'y' }, ['p', 'q'], {})).toBeUndefined();
  });
});
