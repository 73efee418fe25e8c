import { describeValue } from '../container/describe-value';
import { ConfigError } from './errors';
import { isPlainObject } from './is-plain-object';

/** Keys that are never merged nor copied, wherever they appear. */
export const UNSAFE_CONFIG_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

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
 * A config that refers to itself throws a `ConfigError` naming the key.
 *
 * @example
 * mergeConfig(
 *   { middleware_pipeline: { api: { path: '/api', middleware: ['auth'] } }, debug: true },
 *   { middleware_pipeline: { api: { middleware: ['cors'] } }, debug: false },
 * );
 * // { middleware_pipeline: { api: { path: '/api', middleware: ['auth', 'cors'] } }, debug: false }
 */
export function mergeConfig(...configs: ReadonlyArray<object | null | undefined>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  configs.forEach((config, index) => {
    if (config === null || config === undefined) return;
    if (!isPlainObject(config)) {
      throw new ConfigError(
        'FRAMEWORK_ERR_CONFIG_INVALID_VALUE',
        `mergeConfig() argument ${index + 1} must be a plain object; got ${describeValue(config)}.`,
      );
    }
    mergeInto(result, config, '', [config]);
  });
  return result;
}

function mergeInto(
  target: Record<string, unknown>,
  source: Record<string, unknown>,
  path: string,
  ancestors: unknown[],
): void {
  for (const key of Object.keys(source)) {
    if (UNSAFE_CONFIG_KEYS.has(key)) continue;
    const keyPath = path === '' ? key : `${path}.${key}`;
    const incoming = source[key];
    const existing = Object.hasOwn(target, key) ? target[key] : undefined;
    if (isPlainObject(existing) && isPlainObject(incoming)) {
      enter(incoming, keyPath, ancestors, () => mergeInto(existing, incoming, keyPath, ancestors));
    } else if (Array.isArray(existing) && Array.isArray(incoming)) {
      existing.push(...copy(incoming, keyPath, ancestors, existing.length));
    } else {
      target[key] = copyValue(incoming, keyPath, ancestors);
    }
  }
}

function copyValue(value: unknown, path: string, ancestors: unknown[]): unknown {
  if (Array.isArray(value)) return copy(value, path, ancestors, 0);
  if (isPlainObject(value)) {
    const result: Record<string, unknown> = {};
    enter(value, path, ancestors, () => mergeInto(result, value, path, ancestors));
    return result;
  }
  return value;
}

function copy(list: readonly unknown[], path: string, ancestors: unknown[], offset: number): unknown[] {
  return enter(list, path, ancestors, () =>
    list.map((item, index) => copyValue(item, `${path}[${offset + index}]`, ancestors)),
  );
}

function enter<T>(value: object, path: string, ancestors: unknown[], run: () => T): T {
  if (ancestors.includes(value)) {
    throw new ConfigError(
      'FRAMEWORK_ERR_CONFIG_INVALID_VALUE',
      `Config value at "${path}" refers to itself; a config must be a tree of plain objects and arrays.`,
    );
  }
  ancestors.push(value);
  try {
    return run();
  } finally {
    ancestors.pop();
  }
}
