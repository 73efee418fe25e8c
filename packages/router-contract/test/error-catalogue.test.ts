import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTER_ERROR_CODES, RouterError } from '../src';

const catalogue = readFileSync(join(__dirname, '..', 'ERRORS.md'), 'utf8');
const documented = [...catalogue.matchAll(/^\| `(FRAMEWORK_ERR_[A-Z_]+)` *\|/gm)].map((found) => found[1]);

describe('error catalogue', () => {
  it('ERRORS.md has an error-code table', () => {
    expect(documented.length).toBeGreaterThan(0);
  });

  it('documents every code', () => {
    expect(Object.keys(ROUTER_ERROR_CODES).filter((code) => !documented.includes(code))).toEqual([]);
  });

  it('documents no code that does not exist, and each once', () => {
    expect(documented.filter((code) => !(code in ROUTER_ERROR_CODES))).toEqual([]);
    expect(new Set(documented).size).toBe(documented.length);
  });

  it('RouterError carries its code and name', () => {
    const error = new RouterError('FRAMEWORK_ERR_ROUTER_UNKNOWN_ROUTE', 'No route is named "x".');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('RouterError');
    expect(error.code).toBe('FRAMEWORK_ERR_ROUTER_UNKNOWN_ROUTE');
    expect(error.message).toBe('No route is named "x".');
  });
});
