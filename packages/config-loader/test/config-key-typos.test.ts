import { afterEach, describe, expect, it } from '@jest/globals';
import { ConfigError } from '@framework/application';
import { loadConfig } from '../src';
import { removeTemporaryProjects, temporaryProject } from './temporary-project';

afterEach(removeTemporaryProjects);

async function loadError(config: unknown): Promise<unknown> {
  const root = temporaryProject({ 'config/autoload/app.global.json': JSON.stringify(config) });
  return loadConfig(root).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('top-level config keys close to a known key', () => {
  it.each([
    ['rotues', 'routes'],
    ['config_cache_enable', 'config_cache_enabled'],
  ])('loadConfig refuses %s, naming %s', async (typo, known) => {
    const error = await loadError({ [typo]: [] });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).code).toBe('FRAMEWORK_ERR_CONFIG_UNKNOWN_KEY');
    expect((error as ConfigError).message).toBe(
      `Unknown config key ${JSON.stringify(typo)}: did you mean ${JSON.stringify(known)}? ` +
        'Rename it, or give a setting of your own a name further from the keys the framework reads.',
    );
  });

  it('keeps keys far from every known key: they are the project settings', async () => {
    const root = temporaryProject({
      'config/autoload/app.global.json': JSON.stringify({ database: { host: 'db' }, mailer: {}, routes: [] }),
    });
    expect(await loadConfig(root)).toEqual({ database: { host: 'db' }, mailer: {}, routes: [] });
  });
});
