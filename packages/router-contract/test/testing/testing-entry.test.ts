import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as testing from '../../src/testing';

const dir = join(__dirname, '..', '..', 'src', 'testing');
const packageRoot = join(__dirname, '..', '..');

function importsOf(file: string): string[] {
  const source = readFileSync(join(dir, file), 'utf8');
  return [...source.matchAll(/^(?:import|export)\b[^;]*?from '([^']+)';/gm)].map((m) => m[1] as string);
}

describe('the testing entry point', () => {
  it('exports the runner bindings, the cases as data and the regression catalogue', () => {
    expect(typeof testing.describeRouterContract).toBe('function');
    expect(typeof testing.routerContractCases).toBe('function');
    expect(testing.REGRESSION_CASES.length).toBeGreaterThan(0);
  });

  it('imports no test runner and no adapter: only node:assert and the contract itself', () => {
    const external = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && file !== 'node-test.ts')
      .flatMap(importsOf)
      .filter((spec) => !spec.startsWith('.'));
    expect([...new Set(external)]).toEqual(['node:assert/strict']);
  });

  it('the node:test binding imports node:test and nothing else outside the contract', () => {
    expect(importsOf('node-test.ts').filter((spec) => !spec.startsWith('.'))).toEqual(['node:test']);
  });

  it('the built entry loads in plain Node, without jest, and lists the cases as data', () => {
    const script = [
      "const t = require('./dist/testing/index.js');",
      "const groups = t.routerContractCases({ name: 'x', createRouter: () => { throw new Error('not run'); } });",
      'console.log(JSON.stringify([t.REGRESSION_CASES.length > 0, groups.length, typeof groups[0].cases[0].run]));',
    ].join('\n');
    const output = execFileSync(process.execPath, ['-e', script], { cwd: packageRoot, timeout: 10_000 });
    expect(JSON.parse(output.toString())).toEqual([true, 15, 'function']);
  });

  it('names suite files so jest never collects them alone', () => {
    const files = readdirSync(dir);
    expect(files.filter((file) => /\.(test|spec)\.[jt]s$/.test(file))).toEqual([]);
  });
});
