import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ConfigError, describeValue, isPlainObject } from '@framework/application';
import { parseJson } from './load-config-file';

/**
 * Reads a cached config; `undefined` when the file does not exist. A file that is not a JSON object
 * throws a `ConfigError` naming it.
 */
export async function readConfigCache(
  file: string,
  label: string,
): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw cacheReadError(file, label, error);
  }
  let cached: unknown;
  try {
    cached = parseJson(text);
  } catch (error) {
    throw cacheReadError(file, label, error);
  }
  if (!isPlainObject(cached)) throw cacheReadError(file, label, new Error(`got ${describeValue(cached)}`));
  return cached;
}

/**
 * Writes the config as JSON (to a temporary file first, then renamed, so a reader never sees half a
 * file). Values JSON cannot represent (functions, classes, class instances, `NaN`...) throw a
 * `ConfigError` naming the key instead of being dropped silently.
 */
export async function writeConfigCache(
  file: string,
  label: string,
  config: Record<string, unknown>,
): Promise<void> {
  assertCacheable(config, '');
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, 'utf8');
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      'FRAMEWORK_ERR_CONFIG_CACHE_WRITE_FAILED',
      `Cannot write the config cache "${label}": ${reason}`,
      file,
      { cause: error },
    );
  }
}

function cacheReadError(file: string, label: string, cause: unknown): ConfigError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ConfigError(
    'FRAMEWORK_ERR_CONFIG_CACHE_READ_FAILED',
    `Cannot read the config cache "${label}": ${reason}. Delete the file to rebuild it.`,
    file,
    { cause },
  );
}

function assertCacheable(value: unknown, path: string): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number' && Number.isFinite(value)) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (item === undefined) throw notCacheable(`${path}[${index}]`, item);
      assertCacheable(item, `${path}[${index}]`);
    });
    return;
  }
  if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      if (value[key] !== undefined) assertCacheable(value[key], path === '' ? key : `${path}.${key}`);
    }
    return;
  }
  throw notCacheable(path, value);
}

function notCacheable(path: string, value: unknown): ConfigError {
  const shown = typeof value === 'number' ? String(value) : describeValue(value);
  return new ConfigError(
    'FRAMEWORK_ERR_CONFIG_NOT_CACHEABLE',
    `Cannot cache the config: "${path}" is ${shown}, and the cache holds JSON values only. Register it ` +
      'in code instead, or set config_cache_enabled to false.',
  );
}
