import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { checkTopLevelKeys, type ConfigSource, mergeConfigSources } from '@framework/application';
import { readConfigCache, writeConfigCache } from './config-cache';
import { displayPath } from './display-path';
import { findConfigFiles } from './find-config-files';
import { loadConfigFile } from './load-config-file';

/** Options of `loadConfig`; paths are relative to the project root. */
export interface LoadConfigOptions {
  /** The folder holding the config files. Default `config/autoload`. */
  autoloadPath?: string;
  /**
   * Where the merged config is cached (Mezzio's `config_cache_path`). Default
   * `data/cache/config-cache.json`; `null` turns the cache off, reading included.
   */
  cachePath?: string | null;
}

/** The default of `LoadConfigOptions.autoloadPath`. */
export const DEFAULT_AUTOLOAD_PATH = 'config/autoload';

/** The default of `LoadConfigOptions.cachePath`. */
export const DEFAULT_CONFIG_CACHE_PATH = 'data/cache/config-cache.json';

/**
 * Deletes the config cache file, if there is one, so the next `loadConfig` reads the config files again.
 *
 * @example
 * await clearConfigCache(process.cwd());
 */
export async function clearConfigCache(
  projectRoot: string,
  options: Pick<LoadConfigOptions, 'cachePath'> = {},
): Promise<void> {
  const cacheFile = resolveCacheFile(resolve(projectRoot), options);
  if (cacheFile !== undefined) await rm(cacheFile, { force: true });
}

function resolveCacheFile(root: string, options: LoadConfigOptions): string | undefined {
  const cachePath = options.cachePath === undefined ? DEFAULT_CONFIG_CACHE_PATH : options.cachePath;
  return cachePath === null ? undefined : resolve(root, cachePath);
}

/**
 * Loads and merges the project's configuration (spec 2.5):
 *
 * 1. When the cache file exists, it is the config: nothing else is read. Delete it (see
 *    `clearConfigCache`) after changing a config file.
 * 2. Otherwise the files of `config/autoload/` matching `{,*.}global.{json,js,cjs,mjs,ts}`, then those
 *    matching `{,*.}local.{...}`, each group in file-name order, are loaded and merged with
 *    `mergeConfig` (later wins; lists append). `.ts` files need a TypeScript loader (e.g. `--import tsx`)
 *    unless Node strips types itself (22.18+).
 * 3. When the merged config has `config_cache_enabled: true`, it is written to the cache file as JSON; it
 *    must then hold JSON values only (no classes or functions).
 *
 * A top-level key a few edits from one the framework reads (`rotues`) is refused
 * (`FRAMEWORK_ERR_CONFIG_UNKNOWN_KEY`, naming the likely key); keys far from all of them pass.
 *
 * Errors are `ConfigError`s naming the file, relative to the project root; the limits of `mergeConfig`
 * (`MAX_CONFIG_DEPTH`, `MAX_CONFIG_LIST_LENGTH`) apply to every file.
 *
 * @example
 * // config/autoload/app.global.json: { "debug": false, "middleware_pipeline": { "api": { "middleware": ["auth"] } } }
 * // config/autoload/development.local.js: module.exports = { debug: true };
 * const config = await loadConfig(process.cwd());
 * config.debug; // true
 */
export async function loadConfig(
  projectRoot: string,
  options: LoadConfigOptions = {},
): Promise<Record<string, unknown>> {
  const root = resolve(projectRoot);
  const cacheFile = resolveCacheFile(root, options);

  if (cacheFile !== undefined) {
    const cached = await readConfigCache(cacheFile, displayPath(root, cacheFile));
    if (cached !== undefined) {
      checkTopLevelKeys(cached);
      return cached;
    }
  }

  const files = await findConfigFiles(resolve(root, options.autoloadPath ?? DEFAULT_AUTOLOAD_PATH));
  const sources: ConfigSource[] = [];
  for (const file of files) {
    const label = displayPath(root, file);
    sources.push({ config: await loadConfigFile(file, label), label, file });
  }
  const config = mergeConfigSources(sources);
  checkTopLevelKeys(config);

  if (cacheFile !== undefined && config['config_cache_enabled'] === true) {
    await writeConfigCache(cacheFile, displayPath(root, cacheFile), config);
  }
  return config;
}
