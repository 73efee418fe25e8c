import { checkTopLevelKeys } from '../config/check-top-level-keys';
import type { Container } from '../container/container';
import { CONFIG_SERVICE } from '../container/service-ids';
import { invalidApplicationConfig } from './config-errors';
import { describeConfigValue } from './describe-config-value';

/** The parts of the `config` service `ApplicationFactory` reads. */
export interface ApplicationConfig {
  /** `debug: true` turns development mode on; otherwise `NODE_ENV` decides. */
  readonly debug: boolean | undefined;
  readonly middlewarePipeline: unknown;
  readonly routes: unknown;
}

/** Reads the `config` service (absent: an empty config) and checks its top-level shape and key names. */
export function readApplicationConfig(container: Container): ApplicationConfig {
  const config: unknown = container.has(CONFIG_SERVICE) ? container.get(CONFIG_SERVICE) : {};
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw invalidApplicationConfig(
      `The "${CONFIG_SERVICE}" service must be an object; got ${describeConfigValue(config)}.`,
    );
  }
  checkTopLevelKeys(config as Record<string, unknown>);
  const own = (key: string): unknown =>
    Object.hasOwn(config, key) ? (config as Record<string, unknown>)[key] : undefined;
  const debug = own('debug');
  if (debug !== undefined && typeof debug !== 'boolean') {
    throw invalidApplicationConfig(`config.debug must be a boolean; got ${describeConfigValue(debug)}.`);
  }
  return { debug, middlewarePipeline: own('middleware_pipeline'), routes: own('routes') };
}
