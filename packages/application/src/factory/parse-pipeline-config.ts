import { DISPATCH_MIDDLEWARE, ROUTING_MIDDLEWARE } from '../application/built-ins';
import { isPlainObject } from '../config/is-plain-object';
import { checkMiddleware } from './check-middleware';
import { checkKeys, configEntries } from './config-entries';
import { DEFAULT_PRIORITY, type PipelineEntry } from './config-entry-types';
import { invalidPipeline } from './config-errors';
import { describeConfigValue } from './describe-config-value';

const PIPELINE_KEYS = ['middleware', 'path', 'priority', 'error'] as const;

/**
 * Validates the `middleware_pipeline` section (a list, or an object whose keys are ignored) and returns
 * its entries in config order. Every invalid entry throws `FRAMEWORK_ERR_CONFIG_INVALID_PIPELINE`
 * naming the entry and the key; nothing is skipped.
 */
export function parsePipelineConfig(section: unknown): PipelineEntry[] {
  return configEntries('middleware_pipeline', section, invalidPipeline).map(({ label, value }) =>
    parsePipelineEntry(label, value),
  );
}

function parsePipelineEntry(label: string, entry: unknown): PipelineEntry {
  if (entry === ROUTING_MIDDLEWARE || entry === DISPATCH_MIDDLEWARE) {
    return { label, middleware: entry, path: undefined, priority: DEFAULT_PRIORITY, error: false };
  }
  if (!isPlainObject(entry)) {
    throw invalidPipeline(
      `${label} must be an object with a "middleware" key, or ApplicationFactory.ROUTING_MIDDLEWARE or ` +
        `ApplicationFactory.DISPATCH_MIDDLEWARE; got ${describeConfigValue(entry)}.`,
    );
  }
  checkKeys(label, entry, PIPELINE_KEYS, invalidPipeline);
  return {
    label,
    middleware: checkMiddleware(`${label}.middleware`, entry.middleware, invalidPipeline),
    path: checkPath(`${label}.path`, entry.path),
    priority: checkPriority(`${label}.priority`, entry.priority),
    error: checkError(`${label}.error`, entry.error),
  };
}

function checkPath(key: string, path: unknown): string | undefined {
  if (path === undefined) return undefined;
  if (typeof path !== 'string' || !path.startsWith('/') || /[?#{}]/.test(path)) {
    throw invalidPipeline(
      `${key} must be a literal path prefix such as "/api" (starting with "/", without placeholders, ` +
        `"?" or "#"); got ${describeConfigValue(path)}.`,
    );
  }
  return path;
}

function checkPriority(key: string, priority: unknown): number {
  if (priority === undefined) return DEFAULT_PRIORITY;
  if (!Number.isSafeInteger(priority)) {
    throw invalidPipeline(`${key} must be an integer; got ${describeConfigValue(priority)}.`);
  }
  return priority as number;
}

function checkError(key: string, error: unknown): boolean {
  if (error === undefined) return false;
  if (typeof error !== 'boolean') {
    throw invalidPipeline(`${key} must be a boolean; got ${describeConfigValue(error)}.`);
  }
  return error;
}
