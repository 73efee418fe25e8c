import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const TYPES = join(__dirname, 'types');
const DIRECTIVE = /^\s*\/\/ @ts-expect-error\b.*$/;

/** Runs tsc over `file` in the types folder; resolves to the lines (1-based) it reports an error on. */
function errorLines(file: string): number[] {
  const tsconfig = join(TYPES, `tsconfig.${process.pid}.json`);
  writeFileSync(
    tsconfig,
    JSON.stringify({ extends: '../../tsconfig.test.json', include: [], files: [file] }),
  );
  try {
    const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
    execFileSync(process.execPath, [tsc, '-p', tsconfig, '--pretty', 'false'], { encoding: 'utf8' });
    return [];
  } catch (error) {
    const output = String((error as { stdout?: string }).stdout);
    const pattern = new RegExp(`${file.replace('.', '\\.')}\\((\\d+),\\d+\\): error`, 'g');
    return [...output.matchAll(pattern)].map((match) => Number(match[1]));
  } finally {
    rmSync(tsconfig, { force: true });
  }
}

describe('the type tests', () => {
  it('fail to compile at every line an @ts-expect-error directive guards, once it is removed', () => {
    const lines = readFileSync(join(TYPES, 'client-types.ts'), 'utf8').split('\n');
    const guarded = lines.flatMap((line, index) => (DIRECTIVE.test(line) ? [index + 1] : []));
    const stripped = lines.map((line) => (DIRECTIVE.test(line) ? '' : line)).join('\n');
    const file = `stripped-${process.pid}.ts`;
    writeFileSync(join(TYPES, file), stripped);
    try {
      expect(guarded.length).toBeGreaterThanOrEqual(10);
      // Blanking a directive keeps line numbers, so each guarded line is the one after the directive.
      expect([...new Set(errorLines(file))]).toEqual(guarded.map((line) => line + 1));
    } finally {
      rmSync(join(TYPES, file), { force: true });
    }
  }, 60_000);
});
