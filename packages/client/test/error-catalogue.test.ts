import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_ERROR_CODES, ClientError, type ClientErrorCode } from '../src';

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Error codes'));
const codes = Object.keys(CLIENT_ERROR_CODES) as ClientErrorCode[];

describe('error catalogue', () => {
  test.each(codes)('%s is documented in the README error table', (code) => {
    expect(section).toMatch(new RegExp(`\\|\\s*\`${code}\`\\s*\\|`));
  });

  test('the README documents no code that does not exist', () => {
    const documented = [...section.matchAll(/\|\s*`(FRAMEWORK_ERR_[A-Z_]+)`\s*\|/g)].map((match) => match[1]);
    expect(documented.filter((code) => !codes.includes(code as ClientErrorCode))).toEqual([]);
  });

  test('each error carries its code', () => {
    for (const code of codes) expect(new ClientError(code, 'm')).toMatchObject({ code, name: 'ClientError' });
  });
});
