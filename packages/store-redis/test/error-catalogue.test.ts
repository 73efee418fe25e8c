import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { STORE_REDIS_ERROR_CODES, StoreRedisError, type StoreRedisErrorCode } from '../src';

const catalogue = readFileSync(join(__dirname, '..', 'ERRORS.md'), 'utf8');
const codes = Object.keys(STORE_REDIS_ERROR_CODES) as StoreRedisErrorCode[];

describe('error catalogue', () => {
  test.each(codes)('%s is documented in the ERRORS.md table with its status', (code) => {
    expect(catalogue).toMatch(
      new RegExp(`\\|\\s*\`${code}\`\\s*\\|\\s*${STORE_REDIS_ERROR_CODES[code].status}\\s*\\|`),
    );
  });

  test('ERRORS.md documents no code that does not exist', () => {
    const documented = [...catalogue.matchAll(/\|\s*`(FRAMEWORK_ERR_[A-Z_]+)`\s*\|/g)].map(
      (match) => match[1],
    );
    expect(documented.filter((code) => !codes.includes(code as StoreRedisErrorCode))).toEqual([]);
  });

  test('each error carries its code and catalogue status', () => {
    for (const code of codes) {
      const error = new StoreRedisError(code, 'm');
      expect([error.code, error.status, error.name]).toEqual([
        code,
        STORE_REDIS_ERROR_CODES[code].status,
        'StoreRedisError',
      ]);
    }
  });
});
