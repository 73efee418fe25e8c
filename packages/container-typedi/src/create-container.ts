import { configureContainer, type ContainerConfig } from '@framework/application';
import type { ContainerInstance } from 'typedi';
import { TypediContainer } from './typedi-container';

/**
 * Builds a `TypediContainer` from a merged config: applies its `dependencies` section (`invokables`,
 * `factories`, `services`, `aliases`) and registers the config as service `config`. Pass an existing
 * typedi `ContainerInstance` to fill that one instead of a fresh one.
 *
 * @example
 * import { loadConfig } from '@framework/config-loader';
 * import { createContainer } from '@framework/container-typedi';
 *
 * const container = createContainer(await loadConfig(process.cwd()));
 * const app = container.get('Framework\\Application');
 */
export function createContainer(
  config: ContainerConfig | object = {},
  instance?: ContainerInstance,
): TypediContainer {
  return configureContainer(new TypediContainer(instance), config);
}
