import { describe, expect, it } from '@jest/globals';
import { tmpdir } from 'node:os';
import { z } from 'zod';
import { compress, cookies, cors, securityHeaders, serveStatic, validate } from '../src';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('option checks of every middleware', () => {
  it('serveStatic(undefined) throws a clear error naming the option', () => {
    for (const root of [undefined, null, 42, '']) {
      expect(() => serveStatic(root as unknown as string)).toThrow(
        expect.objectContaining({
          code: 'FRAMEWORK_ERR_MIDDLEWARE_INVALID_OPTION',
          message: expect.stringMatching(
            /^serveStatic: option `root` must be the path of the folder to serve, got /,
          ),
        }),
      );
    }
  });

  it('serveStatic refuses unknown options and bad values, with "did you mean" where close', () => {
    const root = tmpdir();
    const cases: [Record<string, unknown>, string][] = [
      [
        { fallthrough: false },
        'serveStatic: option `fallthrough` is not an option of serveStatic. Its options are: index, dotfiles, followSymlinks, denyExtensions, maxAge, immutable.',
      ],
      [{ extensions: ['html'] }, 'serveStatic: option `extensions` is not an option of serveStatic.'],
      [
        { dotfile: 'allow' },
        'serveStatic: option `dotfile` is not an option of serveStatic; did you mean `dotfiles`.',
      ],
      [{ maxage: 60 }, 'did you mean `maxAge`'],
      [{ dotfiles: 'bogus' }, `serveStatic: option \`dotfiles\` must be 'ignore' or 'allow', got "bogus".`],
      [{ index: 42 }, 'serveStatic: option `index` must be a list of file names or false, got number 42.'],
      [{ index: [42] }, 'serveStatic: option `index` holds 42; give plain file names.'],
      [{ followSymlinks: 'yes' }, 'serveStatic: option `followSymlinks` must be true or false, got "yes".'],
      [
        { denyExtensions: ['ts'] },
        "serveStatic: option `denyExtensions` must be a list of extensions such as ['.ts'].",
      ],
    ];
    for (const [options, message] of cases) {
      expect(() => serveStatic(root, options as never)).toThrow(message);
    }
  });

  it('option checks use own properties only: securityHeaders({ constructor: "x" }) is refused', () => {
    expect(() => securityHeaders({ constructor: 'x' } as never)).toThrow(
      'securityHeaders: option `constructor` is not an option of securityHeaders.',
    );
    for (const make of [
      () => cors({ constructor: 'x' } as never),
      () => compress({ toString: 'x' } as never),
      () => serveStatic(tmpdir(), { hasOwnProperty: 1 } as never),
      () => cookies({ secret: SECRET, __proto__: 'x', valueOf: 1 } as never),
      () => validate({ constructor: z.string() } as never),
    ]) {
      expect(make).toThrow(expect.objectContaining({ code: 'FRAMEWORK_ERR_MIDDLEWARE_INVALID_OPTION' }));
    }
  });

  it('every middleware names an unknown option and suggests the close one', () => {
    expect(() => cors({ orgin: '*' } as never)).toThrow(
      'cors: option `orgin` is not an option of cors; did you mean `origin`.',
    );
    expect(() => compress({ treshold: 10 } as never)).toThrow('did you mean `threshold`');
    expect(() => cookies({ secrets: SECRET } as never)).toThrow(
      'cookies: option `secrets` is not an option of cookies; did you mean `secret`.',
    );
    expect(() => securityHeaders({ contentSecurityPolicies: 'x' } as never)).toThrow(
      'did you mean `contentSecurityPolicy`',
    );
    expect(() => validate({ bdy: z.string() } as never)).toThrow(
      'validate: option `bdy` is not an option of validate; did you mean `body`.',
    );
    expect(() => validate({ body: 'string' } as never)).toThrow(
      'validate: option `body` must be a Standard Schema validator',
    );
    expect(() => cors('*' as never)).toThrow('cors: the options must be an object, got "*".');
    expect(() => compress({ filter: 'text/*' } as never)).toThrow(
      'compress: option `filter` must be a function',
    );
    expect(() => cors({ credentials: 'true' } as never)).toThrow(
      'cors: option `credentials` must be true or false.',
    );
  });
});
