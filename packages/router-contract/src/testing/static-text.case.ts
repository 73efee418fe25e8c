import { defineGroup, type ContractGroup } from './contract-group';
import { Route } from '../route';
import {
  expectPlainFailure,
  expectRouterError,
  expectSuccess,
  handler,
  match,
  route,
  routerWith,
} from './helpers';
import type { ContractContext } from './options';

// Characters that mean something to regular expressions, globs or other routers' path syntax.
const METACHARACTERS = [
  '(',
  ')',
  '*',
  '+',
  '.',
  ':',
  '$',
  '[',
  ']',
  '^',
  '|',
  '!',
  '=',
  '@',
  ',',
  ';',
  "'",
  '&',
  '~',
];

// Characters browsers and WHATWG URL percent-encode in a path; as literal text they match only a
// client that sends them raw.
const ENCODED_BY_CLIENTS = ['"', '<', '>', '`'];

/** `/a^b` with `^` written as its escape (`%5E`), upper case. */
function escapeOf(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
}

/** Literal text in templates is compared as text, whatever it means elsewhere. */
export function staticTextCases(ctx: ContractContext): ContractGroup {
  return defineGroup('literal text', (it) => {
    it.each(METACHARACTERS)('"%s" in a template is literal text', (char) => {
      const literal = route(`/a${char}b`, ['GET']);
      const router = routerWith(ctx, literal);
      expectSuccess(match(router, 'GET', `/a${char}b`), literal);
      expectPlainFailure(match(router, 'GET', '/aXb'));
      expectPlainFailure(match(router, 'GET', '/ab'));
      expectPlainFailure(match(router, 'GET', `/a${char}${char}b`));
      expectPlainFailure(match(router, 'GET', `/a${escapeOf(char)}b`));
      expectPlainFailure(match(router, 'GET', `/a${escapeOf(char).toLowerCase()}b`));
    });

    it.each(ENCODED_BY_CLIENTS)('"%s" in a template matches the raw character, not its escape', (char) => {
      const literal = route(`/a${char}b`, ['GET']);
      const router = routerWith(ctx, literal);
      expectSuccess(match(router, 'GET', `/a${char}b`), literal);
      expectPlainFailure(match(router, 'GET', `/a${escapeOf(char)}b`));
      expectPlainFailure(match(router, 'GET', '/ab'));
    });

    it.each(ENCODED_BY_CLIENTS)(
      '"%s" written as its escape matches the escape, not the raw character',
      (char) => {
        const encoded = route(`/a${escapeOf(char)}b`, ['GET']);
        const router = routerWith(ctx, encoded);
        expectSuccess(match(router, 'GET', `/a${escapeOf(char)}b`), encoded);
        expectPlainFailure(match(router, 'GET', `/a${char}b`));
      },
    );

    it('/a^b and /a%5Eb are different literal text: each request reaches its own route', () => {
      const raw = route('/a^b', ['GET']);
      const encoded = route('/a%5Eb', ['GET']);
      const router = routerWith(ctx, raw, encoded);
      expectSuccess(match(router, 'GET', '/a^b'), raw);
      expectSuccess(match(router, 'GET', '/a%5Eb'), encoded);
      expectPlainFailure(match(routerWith(ctx, raw), 'GET', '/a%5Eb'));
      expectPlainFailure(match(routerWith(ctx, encoded), 'GET', '/a^b'));
    });

    it.each(METACHARACTERS)('"%s" after a placeholder is literal text', (char) => {
      const literal = route(`/p/{id}${char}x`, ['GET']);
      const router = routerWith(ctx, literal);
      expectSuccess(match(router, 'GET', `/p/1${char}x`), literal, { id: '1' });
      expectPlainFailure(match(router, 'GET', '/p/1Xx'));
    });

    it('"/user/:id" is literal, not a placeholder', () => {
      const literal = route('/user/:id', ['GET']);
      const router = routerWith(ctx, literal);
      expectSuccess(match(router, 'GET', '/user/:id'), literal);
      expectPlainFailure(match(router, 'GET', '/user/12'));
    });

    it('"/files/*" is literal, not a wildcard', () => {
      const literal = route('/files/*', ['GET']);
      const router = routerWith(ctx, literal);
      expectSuccess(match(router, 'GET', '/files/*'), literal);
      expectPlainFailure(match(router, 'GET', '/files/a'));
      expectPlainFailure(match(router, 'GET', '/files/a/b'));
    });

    it('"/(.*)" is literal, not a pattern', () => {
      const literal = route('/(.*)', ['GET']);
      const router = routerWith(ctx, literal);
      expectSuccess(match(router, 'GET', '/(.*)'), literal);
      expectPlainFailure(match(router, 'GET', '/anything'));
    });

    it('percent-encoded literal text matches the path as received', () => {
      const encoded = route('/caf%C3%A9', ['GET']);
      const slash = route('/a%2Fb', ['GET']);
      const router = routerWith(ctx, encoded, slash);
      expectSuccess(match(router, 'GET', '/caf%C3%A9'), encoded);
      expectSuccess(match(router, 'GET', '/a%2Fb'), slash);
      expectPlainFailure(match(router, 'GET', '/a/b'));
    });

    it('text outside ASCII is encoded at registration and matches the encoded request path', () => {
      const cafe = route('/café', ['GET']);
      const emoji = route('/😀/{id}', ['GET']);
      const router = routerWith(ctx, cafe, emoji);
      expectSuccess(match(router, 'GET', '/caf%C3%A9'), cafe);
      expectSuccess(match(router, 'GET', '/%F0%9F%98%80/7'), emoji, { id: '7' });
      expectPlainFailure(match(router, 'GET', '/caf%c3%a9'));
      expectPlainFailure(match(router, 'GET', '/cafe'));
    });

    it('text outside ASCII inside a segment with a placeholder is encoded too', () => {
      const menu = route('/menu/{dish}-à-la-carte', ['GET']);
      const router = routerWith(ctx, menu);
      expectSuccess(match(router, 'GET', '/menu/soupe-%C3%A0-la-carte'), menu, { dish: 'soupe' });
      expectPlainFailure(match(router, 'GET', '/menu/soupe-a-la-carte'));
    });

    it('"/café" and "/caf%C3%A9" are the same literal text: the first registered answers', () => {
      const written = route('/café', ['GET']);
      const escaped = route('/caf%C3%A9', ['GET']);
      expectSuccess(match(routerWith(ctx, written, escaped), 'GET', '/caf%C3%A9'), written);
    });

    it.each([
      ['/a?b', 'Invalid route path "/a?b": the path must not contain "?", "#" or whitespace.'],
      ['/a#b', 'Invalid route path "/a#b": the path must not contain "?", "#" or whitespace.'],
      ['/a b', 'Invalid route path "/a b": the path must not contain "?", "#" or whitespace.'],
      ['/a\u00a0b', 'Invalid route path "/a\u00a0b": the path must not contain "?", "#" or whitespace.'],
      ['/a{b', 'Invalid route path "/a{b": the "{" at offset 2 is never closed.'],
      ['/a}b', 'Invalid route path "/a}b": unexpected "}" at offset 2.'],
      [
        '/a\ud800b',
        'Invalid route path "/a\\ud800b": the text at offset 2 is not valid Unicode (a lone surrogate).',
      ],
      [
        '/a%zz',
        'Invalid route path "/a%zz": the "%" at offset 2 does not start a percent escape such as %20.',
      ],
    ])('the parser rejects %s', (path, message) => {
      expectRouterError(() => new Route(path, handler('x')), 'FRAMEWORK_ERR_ROUTE_INVALID_PATH', message);
    });

    it('the parser rejects a control character (U+0000)', () => {
      expectRouterError(
        () => new Route('/a\u0000b', handler('x')),
        'FRAMEWORK_ERR_ROUTE_INVALID_PATH',
        'Invalid route path "/a\\u0000b": the control character "\\u0000" at offset 2 cannot appear in a path; ' +
          'write it percent-encoded (%00) if clients send it.',
      );
    });
  });
}
