import type { RouteOptions } from '@framework/router-contract';
import { isPlainObject } from '../config/is-plain-object';
import { misspeltRouteOption } from '../application/route-option-keys';
import { checkMiddleware } from './check-middleware';
import { checkKeys, configEntries } from './config-entries';
import type { RouteEntry } from './config-entry-types';
import { invalidRoute } from './config-errors';
import { describeConfigValue } from './describe-config-value';

const ROUTE_KEYS = ['path', 'middleware', 'allowed_methods', 'name', 'options'] as const;

/**
 * Validates the `routes` section (a list, or an object whose keys are ignored) and returns its entries
 * in config order. Every invalid entry throws `FRAMEWORK_ERR_CONFIG_INVALID_ROUTE` naming the entry and
 * the key; nothing is skipped.
 */
export function parseRoutesConfig(section: unknown): RouteEntry[] {
  return configEntries('routes', section, invalidRoute).map(({ label, value }) =>
    parseRouteEntry(label, value),
  );
}

function parseRouteEntry(label: string, entry: unknown): RouteEntry {
  if (!isPlainObject(entry)) {
    throw invalidRoute(
      `${label} must be an object with "path" and "middleware" keys; got ${describeConfigValue(entry)}.`,
    );
  }
  checkKeys(label, entry, ROUTE_KEYS, invalidRoute);
  return {
    label,
    path: checkPath(`${label}.path`, entry.path),
    middleware: checkMiddleware(`${label}.middleware`, entry.middleware, invalidRoute),
    methods: checkMethods(`${label}.allowed_methods`, entry.allowed_methods),
    name: checkName(`${label}.name`, entry.name),
    options: checkOptions(`${label}.options`, entry.options),
  };
}

function checkPath(key: string, path: unknown): string {
  if (path === undefined) throw invalidRoute(`${key} is required.`);
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw invalidRoute(`${key} must be a path starting with "/"; got ${describeConfigValue(path)}.`);
  }
  return path;
}

function checkMethods(key: string, methods: unknown): readonly string[] | null {
  if (methods === undefined || methods === null) return null;
  if (!Array.isArray(methods)) {
    throw invalidRoute(`${key} must be a list of HTTP method names; got ${describeConfigValue(methods)}.`);
  }
  methods.forEach((method: unknown, index) => {
    if (typeof method !== 'string' || method === '') {
      throw invalidRoute(`${key}[${index}] must be an HTTP method name; got ${describeConfigValue(method)}.`);
    }
  });
  return methods as string[];
}

function checkName(key: string, name: unknown): string | undefined {
  if (name === undefined || name === null) return undefined;
  if (typeof name !== 'string' || name === '') {
    throw invalidRoute(`${key} must be a non-empty string; got ${describeConfigValue(name)}.`);
  }
  return name;
}

function checkOptions(key: string, options: unknown): RouteOptions | undefined {
  if (options === undefined) return undefined;
  if (!isPlainObject(options)) {
    throw invalidRoute(`${key} must be an object; got ${describeConfigValue(options)}.`);
  }
  const misspelt = misspeltRouteOption(options);
  if (misspelt !== undefined) {
    throw invalidRoute(
      `${key}.${misspelt.key} is not a route option; did you mean ${JSON.stringify(misspelt.likely)}?`,
    );
  }
  return options as RouteOptions;
}
