export { checkTopLevelKeys, KNOWN_CONFIG_KEYS } from './check-top-level-keys';
export { CONFIG_ERROR_CODES, ConfigError, type ConfigErrorCode } from './errors';
export { isPlainObject } from './is-plain-object';
export {
  type ConfigSource,
  MAX_CONFIG_DEPTH,
  MAX_CONFIG_LIST_LENGTH,
  mergeConfig,
  mergeConfigSources,
  UNSAFE_CONFIG_KEYS,
} from './merge-config';
export { describeValue } from '../container/describe-value';
