export { CONFIG_ERROR_CODES, ConfigError, type ConfigErrorCode } from './errors';
export { CONFIG_FILE_EXTENSIONS, findConfigFiles } from './find-config-files';
export { isPlainObject } from './is-plain-object';
export {
  clearConfigCache,
  DEFAULT_AUTOLOAD_PATH,
  DEFAULT_CONFIG_CACHE_PATH,
  loadConfig,
  type LoadConfigOptions,
} from './load-config';
export { MAX_CONFIG_DEPTH, MAX_CONFIG_LIST_LENGTH, mergeConfig, UNSAFE_CONFIG_KEYS } from './merge-config';
