export { CONFIG_FILE_EXTENSIONS, findConfigFiles } from './find-config-files';
export {
  clearConfigCache,
  DEFAULT_AUTOLOAD_PATH,
  DEFAULT_CONFIG_CACHE_PATH,
  loadConfig,
  type LoadConfigOptions,
} from './load-config';
