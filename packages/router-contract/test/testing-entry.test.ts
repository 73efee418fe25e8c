import { describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as testing from '../src/testing';

const dir = join(__dirname, '..', 'src', 'testing');

describe('the testing entry point', () => {
  it('exports describeRouterContract and the regression catalogue', () => {
    expect(typeof testing.describeRouterContract).toBe('function');
    expect(testing.REGRESSION_CASES.length).toBeGreaterThan(0);
  });

  it('imports only jest and the contract itself, never an adapter', () => {
    const imports = readdirSync(dir)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        [
          ...readFileSync(join(dir, file), 'utf8').matchAll(/^(?:import|export)\b[^;]*?from '([^']+)';/gm),
        ].map((m) => m[1]),
      );
    expect(imports.filter((spec) => spec !== '@jest/globals' && !spec?.startsWith('.'))).toEqual([]);
  });

  it('names suite files so jest never collects them alone', () => {
    const files = readdirSync(dir);
    expect(files.filter((file) => /\.(test|spec)\.[jt]s$/.test(file))).toEqual([]);
  });
});
