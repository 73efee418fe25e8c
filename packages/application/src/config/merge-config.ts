import { describeValue } from '../container/describe-value';
import { ConfigError } from './errors';
import { isPlainObject } from './is-plain-object';

/** Keys that are never merged nor copied, wherever they appear. */
export const UNSAFE_CONFIG_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** How deep objects and lists may nest in a config: a deeper value is a `ConfigError`. */
export const MAX_CONFIG_DEPTH = 64;

/** How many items a merged list may hold (after appending): a longer list is a `ConfigError`. */
export const MAX_CONFIG_LIST_LENGTH = 1_000_000;

/** A config to merge and the name its errors give it (a file path, or `mergeConfig() argument 2`). */
export interface ConfigSource {
  readonly config: object | null | undefined;
  readonly label: string;
  readonly file?: string;
}

/**
 * Merges configs left to right, the rules of the spec (2.4):
 *
 * - keyed entries (plain objects) merge recursively;
 * - list entries (arrays) append: the later config's items come after the earlier ones;
 * - anything else: the later value wins (also when an object meets an array or a scalar);
 * - `__proto__`, `constructor` and `prototype` keys are skipped, at every depth.
 *
 * The result is built from new plain objects and arrays (own enumerable string keys only), so it never
 * shares an object or an array with the inputs and no input can change `Object.prototype`. Other values
 * (functions, classes, class instances) are kept as they are. `null` and `undefined` arguments are skipped.
 * A config that refers to itself, nests deeper than `MAX_CONFIG_DEPTH` or merges into a list longer than
 * `MAX_CONFIG_LIST_LENGTH` throws a `ConfigError` naming the key.
 *
 * @example
 * mergeConfig(
 *   { middleware_pipeline: { api: { path: '/api', middleware: ['auth'] } }, debug: true },
 *   { middleware_pipeline: { api: { middleware: ['cors'] } }, debug: false },
 * );
 * // { middleware_pipeline: { api: { path: '/api', middleware: ['auth', 'cors'] } }, debug: false }
 */
export function mergeConfig(...configs: ReadonlyArray<object | null | undefined>): Record<string, unknown> {
  return mergeConfigSources(
    configs.map((config, index) => ({ config, label: `mergeConfig() argument ${index + 1}` })),
  );
}

/** `mergeConfig` over labelled sources, so that errors name the file a value came from. */
export function mergeConfigSources(sources: readonly ConfigSource[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const { config, label, file } of sources) {
    if (config === null || config === undefined) continue;
    if (!isPlainObject(config)) {
      throw new ConfigError(
        'FRAMEWORK_ERR_CONFIG_INVALID_VALUE',
        `${label} must be a plain object; got ${describeValue(config)}.`,
        file,
      );
    }
    new ConfigMerger(config, label, file).mergeInto(result, config, '');
  }
  return result;
}

/** One merge of one source; recursion is bounded by `MAX_CONFIG_DEPTH`, so the stack never overflows. */
class ConfigMerger {
  /** The objects and lists from the root down to the value being copied, to detect cycles and depth. */
  readonly #ancestors: object[];

  constructor(
    root: object,
    readonly label: string,
    readonly file: string | undefined,
  ) {
    this.#ancestors = [root];
  }

  mergeInto(target: Record<string, unknown>, source: Record<string, unknown>, path: string): void {
    for (const key of Object.keys(source)) {
      if (UNSAFE_CONFIG_KEYS.has(key)) continue;
      const keyPath = path === '' ? key : `${path}.${key}`;
      const incoming = source[key];
      const existing = Object.hasOwn(target, key) ? target[key] : undefined;
      if (isPlainObject(existing) && isPlainObject(incoming)) {
        this.#enter(incoming, keyPath, () => this.mergeInto(existing, incoming, keyPath));
      } else if (Array.isArray(existing) && Array.isArray(incoming)) {
        this.#append(existing, incoming, keyPath);
      } else {
        target[key] = this.#copyValue(incoming, keyPath);
      }
    }
  }

  #copyValue(value: unknown, path: string): unknown {
    if (Array.isArray(value)) return this.#append([], value, path);
    if (isPlainObject(value)) {
      const result: Record<string, unknown> = {};
      this.#enter(value, path, () => this.mergeInto(result, value, path));
      return result;
    }
    return value;
  }

  /** Appends one item at a time: spreading a long list into `push()` overflows the call stack. */
  #append(target: unknown[], list: readonly unknown[], path: string): unknown[] {
    if (target.length + list.length > MAX_CONFIG_LIST_LENGTH) {
      throw this.#error(
        `key "${path}" holds a list of ${target.length + list.length} items, more than ` +
          `${MAX_CONFIG_LIST_LENGTH}`,
      );
    }
    return this.#enter(list, path, () => {
      const offset = target.length;
      for (let index = 0; index < list.length; index += 1) {
        target.push(this.#copyValue(list[index], `${path}[${offset + index}]`));
      }
      return target;
    });
  }

  #enter<T>(value: object, path: string, run: () => T): T {
    if (this.#ancestors.includes(value)) {
      throw this.#error(
        `key "${path}" refers to itself; a config must be a tree of plain objects and arrays`,
      );
    }
    if (this.#ancestors.length > MAX_CONFIG_DEPTH) {
      throw this.#error(`key "${path}" nests deeper than ${MAX_CONFIG_DEPTH} levels`);
    }
    this.#ancestors.push(value);
    try {
      return run();
    } finally {
      this.#ancestors.pop();
    }
  }

  #error(problem: string): ConfigError {
    return new ConfigError('FRAMEWORK_ERR_CONFIG_INVALID_VALUE', `${this.label}: ${problem}.`, this.file);
  }
}
