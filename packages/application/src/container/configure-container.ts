import type { ConfigurableContainer } from './container';
import type { ContainerConfig } from './dependencies-config';
import { describeValue } from './describe-value';
import { InvalidContainerConfigError } from './errors';
import { CONFIG_SERVICE } from './service-ids';
import { validateDependencies } from './validate-dependencies';

/**
 * Applies the config's `dependencies` section (see `DependenciesConfig`) to a container and registers
 * the config itself as service `config`. The whole section is validated before anything is registered,
 * so an invalid config leaves the container untouched; the `InvalidContainerConfigError` names the key,
 * e.g. `dependencies.factories.Foo must be a function, ...`.
 *
 * @example
 * const container = configureContainer(new SimpleContainer(), {
 *   dependencies: {
 *     invokables: { 'App\\Handler\\PingHandler': PingHandler },
 *     factories: { 'Framework\\Application': ApplicationFactory },
 *     aliases: { ping: 'App\\Handler\\PingHandler' },
 *   },
 *   routes: [{ path: '/ping', middleware: 'ping', allowed_methods: ['GET'] }],
 * });
 * container.get('config').routes.length; // 1
 */
export function configureContainer<C extends ConfigurableContainer>(
  container: C,
  config: ContainerConfig | object = {},
): C {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new InvalidContainerConfigError(
      'config',
      `config must be an object; got ${describeValue(config)}.`,
    );
  }
  const dependencies = validateDependencies((config as { dependencies?: unknown }).dependencies);

  for (const [id, Invokable] of dependencies.invokables) {
    container.setFactory(id, () => new Invokable());
  }
  for (const [id, factory] of dependencies.factories) {
    container.setFactory(id, factory);
  }
  for (const [id, target] of dependencies.aliases) {
    container.setFactory(id, (c) => c.get(target));
  }
  for (const [id, value] of dependencies.services) {
    container.setService(id, value);
  }
  container.setService(CONFIG_SERVICE, config);
  return container;
}
