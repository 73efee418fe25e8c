import { ConfigError } from './errors';
import { likelyKey } from './likely-key';

/**
 * The top-level config keys the framework reads; `config_cache_enabled` is read by `loadConfig`
 * (`@framework/config-loader`).
 */
export const KNOWN_CONFIG_KEYS: readonly string[] = [
  'config_cache_enabled',
  'debug',
  'dependencies',
  'middleware_pipeline',
  'routes',
];

/**
 * Throws `FRAMEWORK_ERR_CONFIG_UNKNOWN_KEY` for a top-level key that is a likely typo of a key the
 * framework reads (`rotues`), which would otherwise be ignored. Keys far from every known key are a
 * project's own settings and pass. `ApplicationFactory` and `loadConfig` both run it.
 */
export function checkTopLevelKeys(config: Readonly<Record<string, unknown>>): void {
  for (const key of Object.keys(config)) {
    const likely = likelyKey(key, KNOWN_CONFIG_KEYS);
    if (likely !== undefined) {
      throw new ConfigError(
        'FRAMEWORK_ERR_CONFIG_UNKNOWN_KEY',
        `Unknown config key ${JSON.stringify(key)}: did you mean ${JSON.stringify(likely)}? ` +
          'Rename it, or give a setting of your own a name further from the keys the framework reads.',
      );
    }
  }
}
