import { describe, expect, it } from '@jest/globals';
import { npmCommand } from '../src/npm-command';

const ARGS = ['install', '--no-audit', '--no-fund'];

describe('npmCommand', () => {
  it("runs npm's own entry script with the current Node when npm started the scaffolder", () => {
    const cli = 'C:\\Program Files\\nodejs\\node_modules\\npm\\bin\\npm-cli.js';
    expect(npmCommand(ARGS, 'win32', { npm_execpath: cli }, 'C:\\node.exe')).toEqual({
      command: 'C:\\node.exe',
      args: [cli, ...ARGS],
      shell: false,
    });
    expect(npmCommand(ARGS, 'linux', { npm_execpath: '/usr/lib/npm/bin/npm-cli.js' }, '/bin/node')).toEqual({
      command: '/bin/node',
      args: ['/usr/lib/npm/bin/npm-cli.js', ...ARGS],
      shell: false,
    });
  });

  it('runs npm without a shell on POSIX when another tool started the scaffolder', () => {
    expect(npmCommand(ARGS, 'darwin', { npm_execpath: '/opt/pnpm/bin/pnpm.cjs' })).toEqual({
      command: 'npm',
      args: ARGS,
      shell: false,
    });
  });

  it('runs npm.cmd through a shell on Windows, only with arguments cmd.exe reads as written', () => {
    expect(npmCommand(ARGS, 'win32', {})).toEqual({ command: 'npm.cmd', args: ARGS, shell: true });
    expect(() => npmCommand(['install', 'a&calc'], 'win32', {})).toThrow(
      'Cannot pass "a&calc" to npm.cmd through cmd.exe safely.',
    );
    expect(() => npmCommand(['install', 'two words'], 'win32', {})).toThrow(
      'Cannot pass "two words" to npm.cmd through cmd.exe safely.',
    );
  });
});
