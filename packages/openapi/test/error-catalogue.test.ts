import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPENAPI_ERROR_CODES, OpenApiError, type OpenApiErrorCode } from '../src';

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Error codes'));
const codes = Object.keys(OPENAPI_ERROR_CODES) as OpenApiErrorCode[];

describe('error catalogue', () => {
  test.each(codes)('%s is documented in the README error table with its status', (code) => {
    expect(section).toMatch(
      new RegExp(`\\|\\s*\`${code}\`\\s*\\|\\s*${OPENAPI_ERROR_CODES[code].status}\\s*\\|`),
    );
  });

  test('the README documents no code that does not exist', () => {
    const documented = [...section.matchAll(/\|\s*`(FRAMEWORK_ERR_[A-Z_]+)`\s*\|/g)].map((match) => match[1]);
    expect(documented.filter((code) => !codes.includes(code as OpenApiErrorCode))).toEqual([]);
  });

  test('each error carries its code and catalogue status', () => {
    for (const code of codes) expect(new OpenApiError(code, 'm')).toMatchObject({ code, status: 500 });
  });
});
