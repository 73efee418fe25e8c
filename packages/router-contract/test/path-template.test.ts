import { describe, expect, it } from '@jest/globals';
import { RouterError, parsePathTemplate } from '../src';

function messageOf(path: unknown): string {
  try {
    parsePathTemplate(path as string);
  } catch (error) {
    expect(error).toBeInstanceOf(RouterError);
    expect((error as RouterError).code).toBe('FRAMEWORK_ERR_ROUTE_INVALID_PATH');
    return (error as Error).message;
  }
  throw new Error(`expected ${String(path)} to be rejected`);
}

describe('parsePathTemplate', () => {
  it('parses a static path', () => {
    const template = parsePathTemplate('/about/us');
    expect(template.source).toBe('/about/us');
    expect(template.parts).toEqual([{ kind: 'static', text: '/about/us' }]);
    expect(template.paramNames).toEqual([]);
    expect(template.isStatic).toBe(true);
  });

  it('parses the root path', () => {
    expect(parsePathTemplate('/').parts).toEqual([{ kind: 'static', text: '/' }]);
  });

  it('parses placeholders in whole segments', () => {
    const template = parsePathTemplate('/post/{id}/comment/{commentId}');
    expect(template.parts).toEqual([
      { kind: 'static', text: '/post/' },
      { kind: 'param', name: 'id' },
      { kind: 'static', text: '/comment/' },
      { kind: 'param', name: 'commentId' },
    ]);
    expect(template.paramNames).toEqual(['id', 'commentId']);
    expect(template.isStatic).toBe(false);
  });

  it('parses placeholders inside a segment', () => {
    expect(parsePathTemplate('/api/v{version}/me').parts).toEqual([
      { kind: 'static', text: '/api/v' },
      { kind: 'param', name: 'version' },
      { kind: 'static', text: '/me' },
    ]);
    expect(parsePathTemplate('/range/{from}-{to}.json').paramNames).toEqual(['from', 'to']);
  });

  it('accepts names that collide with Object.prototype', () => {
    expect(parsePathTemplate('/{constructor}/{__proto__}/{toString}').paramNames).toEqual([
      'constructor',
      '__proto__',
      'toString',
    ]);
  });

  it('keeps regex and glob metacharacters as literal text', () => {
    const source = "/a()*+.:$[]^|!=@,;'&~\\b";
    expect(parsePathTemplate(source).parts).toEqual([{ kind: 'static', text: source }]);
  });

  it('accepts well-formed percent escapes in either case', () => {
    expect(parsePathTemplate('/caf%C3%A9/%2f').isStatic).toBe(true);
  });

  it('percent-encodes text outside ASCII as UTF-8, keeping placeholders and the rest as written', () => {
    const template = parsePathTemplate('/café/{id}-à-👍');
    expect(template.source).toBe('/caf%C3%A9/{id}-%C3%A0-%F0%9F%91%8D');
    expect(template.parts).toEqual([
      { kind: 'static', text: '/caf%C3%A9/' },
      { kind: 'param', name: 'id' },
      { kind: 'static', text: '-%C3%A0-%F0%9F%91%8D' },
    ]);
  });

  it('parses an inline constraint and leaves it out of the source', () => {
    const template = parsePathTemplate('/notes/{id:\\d+}/v{n:[0-9]+}.json');
    expect(template.parts).toEqual([
      { kind: 'static', text: '/notes/' },
      { kind: 'param', name: 'id', constraint: '\\d+' },
      { kind: 'static', text: '/v' },
      { kind: 'param', name: 'n', constraint: '[0-9]+' },
      { kind: 'static', text: '.json' },
    ]);
    expect(template.source).toBe('/notes/{id}/v{n}.json');
    expect(template.paramNames).toEqual(['id', 'n']);
  });

  it('ends a constraint at the brace that balances the placeholder, as FastRoute does', () => {
    expect(parsePathTemplate('/c/{id:\\d{2,4}}/x').parts).toEqual([
      { kind: 'static', text: '/c/' },
      { kind: 'param', name: 'id', constraint: '\\d{2,4}' },
      { kind: 'static', text: '/x' },
    ]);
    expect(parsePathTemplate('/{a:(?:x{1,2}){2}}-{b}').parts[1]).toEqual({
      kind: 'param',
      name: 'a',
      constraint: '(?:x{1,2}){2}',
    });
  });

  it('keeps a constraint as written: "?", ":", "/", "%", spaces and text outside ASCII', () => {
    const template = parsePathTemplate('/é/{v:(?:a|b)?c:[^/]%[ é]+}');
    expect(template.parts[1]).toEqual({ kind: 'param', name: 'v', constraint: '(?:a|b)?c:[^/]%[ é]+' });
    expect(template.source).toBe('/%C3%A9/{v}');
  });

  it('reports a bad escape at its offset in the source (encoded, constraints left out)', () => {
    expect(messageOf('/é/{v:x+}/%zz')).toBe(
      'Invalid route path "/é/{v:x+}/%zz": the "%" at offset 12 does not start a percent escape such as %20.',
    );
  });

  it('freezes the result', () => {
    const template = parsePathTemplate('/post/{id}');
    expect(Object.isFrozen(template)).toBe(true);
    expect(Object.isFrozen(template.parts)).toBe(true);
    expect(Object.isFrozen(template.paramNames)).toBe(true);
  });

  it.each([
    ['', 'Invalid route path "": the path must start with "/".'],
    ['post', 'Invalid route path "post": the path must start with "/".'],
    ['*', 'Invalid route path "*": the path must start with "/".'],
    ['/a?b', 'Invalid route path "/a?b": the path must not contain "?", "#" or whitespace.'],
    ['/a#b', 'Invalid route path "/a#b": the path must not contain "?", "#" or whitespace.'],
    ['/a b', 'Invalid route path "/a b": the path must not contain "?", "#" or whitespace.'],
    ['/a\tb', 'Invalid route path "/a\\tb": the path must not contain "?", "#" or whitespace.'],
    ['/a%', 'Invalid route path "/a%": the "%" at offset 2 does not start a percent escape such as %20.'],
    ['/a%2', 'Invalid route path "/a%2": the "%" at offset 2 does not start a percent escape such as %20.'],
    ['/%zz', 'Invalid route path "/%zz": the "%" at offset 1 does not start a percent escape such as %20.'],
    ['/a}', 'Invalid route path "/a}": unexpected "}" at offset 2.'],
    ['/{a}}', 'Invalid route path "/{a}}": unexpected "}" at offset 4.'],
    ['/{id', 'Invalid route path "/{id": the "{" at offset 1 is never closed.'],
    ['/{a}{b}', 'Invalid route path "/{a}{b}": two placeholders need literal text between them.'],
    ['/{}', 'Invalid route path "/{}": placeholder name "" must match ^[A-Za-z_][A-Za-z0-9_]*$.'],
    ['/{1a}', 'Invalid route path "/{1a}": placeholder name "1a" must match ^[A-Za-z_][A-Za-z0-9_]*$.'],
    ['/{a-b}', 'Invalid route path "/{a-b}": placeholder name "a-b" must match ^[A-Za-z_][A-Za-z0-9_]*$.'],
    ['/{a{b}}', 'Invalid route path "/{a{b}}": placeholder name "a{b}" must match ^[A-Za-z_][A-Za-z0-9_]*$.'],
    ['/{id}/{id}', 'Invalid route path "/{id}/{id}": placeholder {id} appears twice.'],
    [
      '/{id:}',
      'Invalid route path "/{id:}": placeholder {id:} has an empty constraint; write {id} or {id:regex}.',
    ],
    ['/{:\\d+}', 'Invalid route path "/{:\\\\d+}": placeholder name "" must match ^[A-Za-z_][A-Za-z0-9_]*$.'],
    [
      '/{ id:\\d+}',
      'Invalid route path "/{ id:\\\\d+}": placeholder name " id" must match ^[A-Za-z_][A-Za-z0-9_]*$.',
    ],
    ['/{id:\\d{2}', 'Invalid route path "/{id:\\\\d{2}": the "{" at offset 1 is never closed.'],
    ['/{id:\\{}', 'Invalid route path "/{id:\\\\{}": the "{" at offset 1 is never closed.'],
    ['/{id:a}}', 'Invalid route path "/{id:a}}": unexpected "}" at offset 7.'],
    ['/{a:\\d+}{b}', 'Invalid route path "/{a:\\\\d+}{b}": two placeholders need literal text between them.'],
    ['/{a:x}/{a:y}', 'Invalid route path "/{a:x}/{a:y}": placeholder {a} appears twice.'],
    [
      '/{a:x\u0001}',
      'Invalid route path "/{a:x\\u0001}": the control character "\\u0001" at offset 5 cannot appear in a path; write it percent-encoded (%01) if clients send it.',
    ],
    ['/{a:x}?', 'Invalid route path "/{a:x}?": the path must not contain "?", "#" or whitespace.'],
  ])('rejects %p', (path, message) => {
    expect(messageOf(path)).toBe(message);
  });

  it('rejects a path that is not a string', () => {
    expect(messageOf(42)).toBe('Invalid route path "42": the path must be a string.');
  });
});
