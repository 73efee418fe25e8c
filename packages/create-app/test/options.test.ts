import { describe, expect, it } from '@jest/globals';
import { parseOptions, UsageError } from '../src/options';
import { completeOptions } from '../src/prompts';

describe('parseOptions', () => {
  it('reads the directory and every flag', () => {
    expect(
      parseOptions([
        'my-app',
        '--style',
        'config',
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
      style: 'config',
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
    [['--style', 'mezzio'], 'Unknown style "mezzio". Choose one of: code-first, config.'],
  ])('rejects %j with a message that says what is valid', (argv, message) => {
    expect(() => parseOptions(argv)).toThrow(new UsageError(message));
  });

  it('rejects unknown flags', () => {
    expect(() => parseOptions(['--routr', 'fmw'])).toThrow(UsageError);
  });

  it('leaves the style open, and defaults it to code-first', async () => {
    expect(parseOptions([]).style).toBeUndefined();
    expect((await completeOptions(parseOptions(['--yes']), false)).style).toBe('code-first');
  });

  it.each([
    [['--style', 'code-first', '--container', 'none'], '--container'],
    [['--style', 'code-first', '--namespace', 'Blog'], '--namespace'],
  ])('refuses %j for a code-first project, which has no container or namespace', async (argv, flag) => {
    await expect(completeOptions(parseOptions([...argv, '--yes']), false)).rejects.toThrow(
      new UsageError(
        `${flag} applies to --style config only; a code-first project has no container or namespace.`,
      ),
    );
  });

  it.each([
    ['--container', 'typedi'],
    ['--namespace', 'Blog'],
  ])('takes %s without --style as the choice of the config style', async (flag, value) => {
    expect((await completeOptions(parseOptions([flag, value, '--yes']), false)).style).toBe('config');
  });

  it('takes --container and --namespace with --style config', async () => {
    const argv = ['--style', 'config', '--container', 'none', '--namespace', 'Blog', '--yes'];
    expect(await completeOptions(parseOptions(argv), false)).toMatchObject({
      style: 'config',
      container: 'none',
      namespace: 'Blog',
    });
  });
});
