import { describe, expect, it } from '@jest/globals';
import { CONFIG_ERROR_CODES, ConfigError } from '../../src/config/index';

describe('config errors', () => {
  it('carry a code from the catalogue, the file and the cause', () => {
    const cause = new Error('disk full');
    const error = new ConfigError('FRAMEWORK_ERR_CONFIG_LOAD_FAILED', 'message', '/app/config.json', {
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ConfigError');
    expect(error.file).toBe('/app/config.json');
    expect(error.cause).toBe(cause);
    expect(Object.keys(CONFIG_ERROR_CODES)).toContain(error.code);
  });

  it('every code is documented with a sentence', () => {
    for (const [code, description] of Object.entries(CONFIG_ERROR_CODES)) {
      expect(code).toMatch(/^FRAMEWORK_ERR_CONFIG_[A-Z_]+$/);
      expect(description).toMatch(/^[A-Z].*\.$/);
    }
  });
});
