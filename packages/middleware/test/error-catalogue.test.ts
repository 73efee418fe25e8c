import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIDDLEWARE_ERROR_CODES, MiddlewareError, type MiddlewareErrorCode } from '../src';

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Error codes'));
const codes = Object.keys(MIDDLEWARE_ERROR_CODES) as MiddlewareErrorCode[];

describe('error catalogue', () => {
  test.each(codes)('%s is documented in the README error table with its status', (code) => {
    const status = MIDDLEWARE_ERROR_CODES[code].status;
    expect(section).toMatch(new RegExp(`\\|\\s*\`${code}\`\\s*\\|\\s*${status}\\s*\\|`));
  });

  test('the README documents no code that does not exist', () => {
    const documented = [...section.matchAll(/\|\s*`(FRAMEWORK_ERR_[A-Z_]+)`\s*\|/g)].map((match) => match[1]);
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
