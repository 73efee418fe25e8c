import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PACKAGE = join(__dirname, '..');

describe('the README example', () => {
  test('runs as an ES module with node and prints what its last comment says', () => {
    const readme = readFileSync(join(PACKAGE, 'README.md'), 'utf8');
    const example = /```js\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const printed = /^\/\/ (.*)\n$/m.exec(example.slice(example.lastIndexOf('\n//')))?.[1];
    expect(printed).toBeDefined();
    const temporary = mkdtempSync(join(tmpdir(), 'config-loader-readme-'));
    try {
      // --input-type=module: the example's imports resolve from this package's folder, its own name included.
      const output = execFileSync(process.execPath, ['--input-type=module', '--eval', example], {
        cwd: PACKAGE,
        env: { ...process.env, TMPDIR: temporary },
        encoding: 'utf8',
      });
      expect(output.trim()).toBe(printed);
    } finally {
      rmSync(temporary, { recursive: true, force: true });
    }
  });
});
