/**
 * Every error config loading and merging raises carries a stable `code`. The catalogue lives in
 * `CONFIG_ERROR_CODES`, one for the merging done here and the loading done by
 * `@framework/config-loader`; the package's ERRORS.md documents each code.
 */
export const CONFIG_ERROR_CODES = {
  FRAMEWORK_ERR_CONFIG_LOAD_FAILED: 'A config file could not be read, parsed or run.',
  FRAMEWORK_ERR_CONFIG_INVALID_EXPORT:
    'A config file does not export a plain object or a function returning one.',
  FRAMEWORK_ERR_CONFIG_TS_LOADER_MISSING:
    'A .ts config file was found but no TypeScript loader is registered.',
  FRAMEWORK_ERR_CONFIG_INVALID_VALUE:
    'A config is not a tree of plain objects and arrays, nests too deep or holds too long a list.',
  FRAMEWORK_ERR_CONFIG_NOT_CACHEABLE:
    'The cache is enabled but the config holds values JSON cannot represent.',
  FRAMEWORK_ERR_CONFIG_CACHE_READ_FAILED: 'The config cache file exists but is not a valid cached config.',
  FRAMEWORK_ERR_CONFIG_CACHE_WRITE_FAILED: 'The config cache file could not be written.',
  FRAMEWORK_ERR_CONFIG_UNKNOWN_KEY:
    'A top-level config key is a likely typo of a key the framework reads (`rotues` for `routes`).',
} as const;

/** A code of the configuration error catalogue. */
export type ConfigErrorCode = keyof typeof CONFIG_ERROR_CODES;

/** An error raised while loading, merging or caching configuration; `file` is the file at fault, if any. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(
    readonly code: ConfigErrorCode,
    message: string,
    readonly file?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
