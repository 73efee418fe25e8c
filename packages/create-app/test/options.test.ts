import { describe, expect, it } from '@jest/globals';
import { parseOptions, UsageError } from '../src/options';

describe('parseOptions', () => {
  it('reads the directory and every flag', () => {
    expect(
      parseOptions([
        'my-app',
        '--router',
        'ptr',
        '--container',
        'none',
        '--namespace',
        'Blog',
        '--no-install',
        '-y',
      ]),
    ).toEqual({
      directory: 'my-app',
      router: 'ptr',
      container: 'none',
      namespace: 'Blog',
      install: false,
      packagesFrom: undefined,
      yes: true,
      help: false,
    });
  });

  it('leaves unanswered choices open so they can be asked', () => {
    const options = parseOptions([]);
    expect(options.router).toBeUndefined();
    expect(options.container).toBeUndefined();
    expect(options.install).toBe(true);
  });

  it.each([
    [['--router', 'express'], 'Unknown router "express". Choose one of: fmw, ptr, explicit-methods.'],
    [['--container', 'inversify'], 'Unknown container "inversify". Choose one of: typedi, none.'],
    [
      ['--namespace', 'my-app'],
      'Invalid namespace "my-app": use letters and digits, starting with a capital (e.g. App).',
    ],
    [['a', 'b'], 'Expected one directory, got: a b'],
    [['--router', '__proto__'], 'Unknown router "__proto__". Choose one of: fmw, ptr, explicit-methods.'],
  ])('rejects %j with a message that says what is valid', (argv, message) => {
    expect(() => parseOptions(argv)).toThrow(new UsageError(message));
  });

  it('rejects unknown flags', () => {
    expect(() => parseOptions(['--routr', 'fmw'])).toThrow(UsageError);
  });
});
