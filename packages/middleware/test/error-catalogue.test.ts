import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIDDLEWARE_ERROR_CODES, MiddlewareError, type MiddlewareErrorCode } from '../src';

const catalogue = readFileSync(join(__dirname, '..', 'ERRORS.md'), 'utf8');
const codes = Object.keys(MIDDLEWARE_ERROR_CODES) as MiddlewareErrorCode[];

describe('error catalogue', () => {
  test.each(codes)('%s is documented in the ERRORS.md table with its status', (code) => {
    const status = MIDDLEWARE_ERROR_CODES[code].status;
    expect(catalogue).toMatch(new RegExp(`\\|\\s*\`${code}\`\\s*\\|\\s*${status}\\s*\\|`));
  });

  test('ERRORS.md documents no code that does not exist', () => {
    const documented = [...catalogue.matchAll(/\|\s*`(FRAMEWORK_ERR_[A-Z_]+)`\s*\|/g)].map(
      (match) => match[1],
    );
    expect(documented.filter((code) => !codes.includes(code as MiddlewareErrorCode))).toEqual([]);
  });

  test('each code carries its catalogue status, and only 4xx errors are exposed', () => {
    for (const code of codes) {
      const error = new MiddlewareError(code, 'm');
      expect([code, error.status, error.expose]).toEqual([
        code,
        MIDDLEWARE_ERROR_CODES[code].status,
        MIDDLEWARE_ERROR_CODES[code].status < 500,
      ]);
    }
  });
});
