import { describe, expect, it } from '@jest/globals';
import { buildContainer, createConfiguredApp } from '../src/configuration-driven';
import { call, expectHomeAndPing, fixtureRoot } from './support';

describe('configuration-driven mode', () => {
  it('builds the application from config/autoload: dependencies, middleware_pipeline and routes', async () => {
    const app = await createConfiguredApp(fixtureRoot, { cachePath: null });
    await expectHomeAndPing(app);
    expect(app.generateUri('ping')).toBe('/ping');
  });

  it('runs the pipeline from config: the priority-10 header middleware wraps routing', async () => {
    const app = await createConfiguredApp(fixtureRoot, { cachePath: null });
    expect((await call(app, '/')).headers.get('x-powered-by')).toBe('@framework');
    const missing = await call(app, '/missing');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-powered-by')).toBe('@framework');
  });

  it('registers the merged config as service config', async () => {
    const container = await buildContainer(fixtureRoot, { cachePath: null });
    const config = container.get<{ routes: unknown[]; middleware_pipeline: object }>('config');
    expect(config.routes).toHaveLength(2);
    expect(Object.keys(config.middleware_pipeline)).toEqual(['headers', 'routing']);
  });
});
