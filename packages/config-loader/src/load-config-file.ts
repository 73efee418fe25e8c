import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import secureJsonParse from 'secure-json-parse';
import { ConfigError, describeValue, isPlainObject } from '@framework/application';
import { hasTypeScriptLoader, importConfigModule } from './import-config-module';

/**
 * Loads one config file. JSON is parsed with secure-json-parse: `__proto__` keys and `constructor`
 * keys holding a `prototype` are removed, so parsing never touches a prototype. A module may export the
 * config as a `config` named export, as its default export or as `module.exports`, or export a function
 * (sync or async, called without arguments) that returns it. Errors are `ConfigError`s naming `label`.
 */
export async function loadConfigFile(file: string, label: string): Promise<Record<string, unknown>> {
  const extension = extname(file);
  if (extension === '.ts' && !hasTypeScriptLoader()) {
    throw new ConfigError(
      'FRAMEWORK_ERR_CONFIG_TS_LOADER_MISSING',
      `Cannot load config file "${label}": no TypeScript loader is registered. Run node with ` +
        '"--import tsx" (or require "tsx/cjs" first), or write the config as .js, .cjs, .mjs or .json.',
      file,
    );
  }
  let exported: unknown;
  try {
    exported = extension === '.json' ? parseJson(await readFile(file, 'utf8')) : await importConfig(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      'FRAMEWORK_ERR_CONFIG_LOAD_FAILED',
      `Cannot load config file "${label}": ${reason}`,
      file,
      { cause: error },
    );
  }
  if (!isPlainObject(exported)) {
    throw new ConfigError(
      'FRAMEWORK_ERR_CONFIG_INVALID_EXPORT',
      `Config file "${label}" must export a plain object (as "config", as the default export or as ` +
        `module.exports) or a function returning one; got ${describeValue(exported)}.`,
      file,
    );
  }
  return exported;
}

/** Parses JSON text without letting `__proto__` or `constructor.prototype` keys through. */
export function parseJson(text: string): unknown {
  return secureJsonParse.parse(text, null, { protoAction: 'remove', constructorAction: 'remove' });
}

async function importConfig(file: string): Promise<unknown> {
  const module = await importConfigModule(file);
  const exported = pickExport(module);
  return typeof exported === 'function' ? await (exported as () => unknown)() : exported;
}

function pickExport(module: unknown): unknown {
  if (typeof module !== 'object' || module === null) return module;
  const exports = module as { config?: unknown; default?: unknown };
  if (Object.hasOwn(exports, 'config') && exports.config !== undefined) return exports.config;
  if (Object.hasOwn(exports, 'default') && exports.default !== undefined) return exports.default;
  return module;
}
