import { describe, expect, it } from '@jest/globals';
import { ApplicationError, ApplicationFactory, ConfigError } from '../../src';
import { answer, appFrom, call, containerFor } from '../factory/support';

describe('top-level config keys close to a known key', () => {
  const create = (config: Record<string, unknown>) => () =>
    new ApplicationFactory().create(containerFor(config));

  it.each([
    ['rotues', 'routes'],
    ['route', 'routes'],
    ['middleware_pipline', 'middleware_pipeline'],
    ['middlewarePipeline', 'middleware_pipeline'],
    ['dependecies', 'dependencies'],
    ['degub', 'debug'],
    ['config_cache_enable', 'config_cache_enabled'],
  ])('ApplicationFactory refuses %s, naming %s', (typo, known) => {
    let thrown: unknown;
    try {
      create({ [typo]: [] })();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).code).toBe('FRAMEWORK_ERR_CONFIG_UNKNOWN_KEY');
    expect((thrown as ConfigError).message).toBe(
      `Unknown config key ${JSON.stringify(typo)}: did you mean ${JSON.stringify(known)}? ` +
        'Rename it, or give a setting of your own a name further from the keys the framework reads.',
    );
  });

  it('keeps keys far from every known key: they are the project settings', () => {
    expect(create({ database: { host: 'db' }, mailer: {}, routes: [] })).not.toThrow();
  });
});

describe('route options in config', () => {
  const config = (options: unknown) => ({
    routes: [{ path: '/i/{id}', middleware: answer('item'), allowed_methods: ['GET'], options }],
  });

  it.each([
    ['token', 'tokens'],
    ['Tokens', 'tokens'],
    ['allowUnsafeRegexp', 'allowUnsafeRegex'],
  ])('refuses the option %s, naming %s', (typo, known) => {
    let thrown: unknown;
    try {
      appFrom(config({ [typo]: { id: '\\d+' } }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApplicationError);
    expect((thrown as ApplicationError).code).toBe('FRAMEWORK_ERR_CONFIG_INVALID_ROUTE');
    expect((thrown as ApplicationError).message).toBe(
      `routes[0].options.${typo} is not a route option; did you mean ${JSON.stringify(known)}?`,
    );
  });

  it('applies tokens, and hands an option far from every known one to the router', async () => {
    const app = appFrom(config({ tokens: { id: '\\d+' }, cacheTag: 'items' }));
    expect((await call(app, '/i/12')).status).toBe(200);
    expect((await call(app, '/i/abc')).status).toBe(404);
  });
});
