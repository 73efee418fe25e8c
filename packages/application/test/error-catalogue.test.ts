import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPLICATION_ERROR_CODES, ApplicationError, CONFIG_ERROR_CODES, CONTAINER_ERROR_CODES } from '../src';

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Error codes'));
const codes = [
  ...Object.keys(APPLICATION_ERROR_CODES),
  ...Object.keys(CONTAINER_ERROR_CODES),
  ...Object.keys(CONFIG_ERROR_CODES),
];

describe('error catalogue', () => {
  test.each(codes)('%s is documented in the README error table', (code) => {
    expect(section).toMatch(new RegExp(`\\|\\s*\`${code}\`\\s*\\|`));
  });

  test('the README documents no code that does not exist', () => {
    const documented = [...section.matchAll(/\|\s*`(FRAMEWORK_ERR_[A-Z_]+)`\s*\|/g)].map((match) => match[1]);
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
