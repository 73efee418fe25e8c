import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseOptions } from '../src';

/** The `npm create framework-app` lines of the README's first `sh` block, as the arguments npm hands on. */
function readmeCommands(): string[][] {
  const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
  const block = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  return block
    .split('\n')
    .filter((line) => line.startsWith('npm create framework-app '))
    .map((line) =>
      line
        .split(' ')
        .slice(3)
        .filter((word) => word !== '--'),
    );
}

describe('the README example', () => {
  test('shows three commands', () => {
    expect(readmeCommands()).toHaveLength(3);
  });

  test.each(readmeCommands().map((args) => [args.join(' '), args]))(
    '%s is a valid command line',
    (_line, args) => {
      expect(parseOptions(args as string[])).toMatchObject({ directory: 'my-app' });
    },
  );
});
