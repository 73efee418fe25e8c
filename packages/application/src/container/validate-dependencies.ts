import type { ServiceFactory } from './container';
import { DEPENDENCIES_SECTIONS } from './dependencies-config';
import { describeValue } from './describe-value';
import { InvalidContainerConfigError, InvalidFactoryError } from './errors';
import { toServiceFactory } from './to-service-factory';

/** The `dependencies` section after validation; every map has a null prototype. */
export interface ValidatedDependencies {
  readonly invokables: ReadonlyMap<string, new () => unknown>;
  readonly factories: ReadonlyMap<string, ServiceFactory>;
  readonly aliases: ReadonlyMap<string, string>;
  readonly services: ReadonlyMap<string, unknown>;
}

const SECTIONS: readonly string[] = DEPENDENCIES_SECTIONS;

/** Checks the whole `dependencies` value and throws an `InvalidContainerConfigError` naming the key. */
export function validateDependencies(dependencies: unknown): ValidatedDependencies {
  const result = {
    invokables: new Map<string, new () => unknown>(),
    factories: new Map<string, ServiceFactory>(),
    aliases: new Map<string, string>(),
    services: new Map<string, unknown>(),
  };
  if (dependencies === undefined) return result;
  const root = asObject(dependencies, 'dependencies');

  for (const section of Object.keys(root)) {
    if (!SECTIONS.includes(section)) {
      throw new InvalidContainerConfigError(
        `dependencies.${section}`,
        `dependencies.${section} is not supported; use ${DEPENDENCIES_SECTIONS.join(', ')}.`,
      );
    }
  }

  for (const [id, value] of entries(root.invokables, 'dependencies.invokables')) {
    if (typeof value !== 'function' || value.prototype === undefined) {
      throw invalid(`dependencies.invokables.${id}`, 'must be a class', value);
    }
    result.invokables.set(id, value as new () => unknown);
  }
  for (const [id, value] of entries(root.factories, 'dependencies.factories')) {
    try {
      result.factories.set(id, toServiceFactory(value as never, id));
    } catch (error) {
      if (!(error instanceof InvalidFactoryError)) throw error;
      throw invalid(
        `dependencies.factories.${id}`,
        'must be a function, a class with a create() method or an object with a create() method',
        value,
      );
    }
  }
  for (const [id, value] of entries(root.aliases, 'dependencies.aliases')) {
    if (typeof value !== 'string' || value === '') {
      throw invalid(`dependencies.aliases.${id}`, 'must be a service id (a non-empty string)', value);
    }
    result.aliases.set(id, value);
  }
  for (const [id, value] of entries(root.services, 'dependencies.services')) {
    result.services.set(id, value);
  }
  checkAliasCycles(result.aliases);
  return result;
}

function asObject(value: unknown, key: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(key, 'must be an object', value);
  }
  return value as Record<string, unknown>;
}

function entries(section: unknown, key: string): Array<[string, unknown]> {
  if (section === undefined) return [];
  const object = asObject(section, key);
  return Object.keys(object).map((id) => [id, object[id]]);
}

function invalid(key: string, rule: string, value: unknown): InvalidContainerConfigError {
  return new InvalidContainerConfigError(key, `${key} ${rule}; got ${describeValue(value)}.`);
}

function checkAliasCycles(aliases: ReadonlyMap<string, string>): void {
  for (const start of aliases.keys()) {
    const chain = [start];
    let target = aliases.get(start);
    while (target !== undefined) {
      if (chain.includes(target)) {
        throw new InvalidContainerConfigError(
          `dependencies.aliases.${start}`,
          `dependencies.aliases.${start} forms a cycle: ${[...chain, target].join(' -> ')}.`,
        );
      }
      chain.push(target);
      target = aliases.get(target);
    }
  }
}
