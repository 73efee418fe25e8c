import { configureContainer } from '@framework/application';
import { loadConfig } from '@framework/config-loader';
import { TypediContainer } from '@framework/container-typedi';

/**
 * Loads config/autoload/*.global.* then *.local.*, and returns a TypediContainer holding
 * the merged configuration (service `config`) and its `dependencies`.
 */
export async function createContainer(projectRoot: string): Promise<TypediContainer> {
  const config = await loadConfig(projectRoot);
  const container = new TypediContainer();
  configureContainer(container, config);
  return container;
}
