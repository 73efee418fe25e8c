import { type Application, APPLICATION_SERVICE, configureContainer } from '@framework/application';
import { loadConfig, type LoadConfigOptions } from '@framework/config-loader';
import { TypediContainer } from '@framework/container-typedi';

/**
 * The container-building step: loads and merges `config/autoload/*` under `projectRoot`, applies its
 * `dependencies` to a new `TypediContainer` and registers the merged config as service `config`.
 *
 * @example
 * const container = await buildContainer(process.cwd());
 */
export async function buildContainer(
  projectRoot: string,
  options?: LoadConfigOptions,
): Promise<TypediContainer> {
  return configureContainer(new TypediContainer(), await loadConfig(projectRoot, options));
}

/**
 * Configuration-driven (spec 4.9): everything comes from `config/autoload`. Its `dependencies` map
 * `'Framework\\Application'` to `ApplicationFactory`, which reads `middleware_pipeline` and `routes`;
 * the entry point only builds the container, fetches the application and calls `run()`.
 *
 * @example
 * const app = await createConfiguredApp(process.cwd());
 * await app.run();
 */
export async function createConfiguredApp(
  projectRoot: string,
  options?: LoadConfigOptions,
): Promise<Application> {
  const container = await buildContainer(projectRoot, options);
  return container.get<Application>(APPLICATION_SERVICE);
}
