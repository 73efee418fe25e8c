import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPLICATION_ERROR_CODES, ApplicationError, CONFIG_ERROR_CODES, CONTAINER_ERROR_CODES } from '../src';

const catalogue = readFileSync(join(__dirname, '..', 'ERRORS.md'), 'utf8');
const codes = [
  ...Object.keys(APPLICATION_ERROR_CODES),
  ...Object.keys(CONTAINER_ERROR_CODES),
  ...Object.keys(CONFIG_ERROR_CODES),
];

describe('error catalogue', () => {
  test.each(codes)('%s is documented in the ERRORS.md table', (code) => {
    expect(catalogue).toMatch(new RegExp(`\\|\\s*\`${code}\`\\s*\\|`));
  });

  test('ERRORS.md documents no code that does not exist', () => {
    const documented = [...catalogue.matchAll(/\|\s*`(FRAMEWORK_ERR_[A-Z_]+)`\s*\|/g)].map(
      (match) => match[1],
    );
    expect(documented.filter((code) => !codes.includes(code as string))).toEqual([]);
  });

  test('each application code carries its catalogue status', () => {
    const error = new ApplicationError('FRAMEWORK_ERR_BODY_TOO_LARGE', 'x');
    expect([error.status, error.expose, error.code]).toEqual([413, true, 'FRAMEWORK_ERR_BODY_TOO_LARGE']);
    for (const [code, info] of Object.entries(APPLICATION_ERROR_CODES)) {
      expect(String(new ApplicationError(code as keyof typeof APPLICATION_ERROR_CODES, 'm').status)).toBe(
        String(info.status),
      );
    }
  });
});
