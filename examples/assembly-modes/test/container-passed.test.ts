import { describe, expect, it } from '@jest/globals';
import { TypediContainer } from '@framework/container-typedi';
import { createContainerPassedApp } from '../src/container-passed';
import { call, expectHomeAndPing } from './support';

describe('container-passed mode', () => {
  const app = createContainerPassedApp();

  it('answers / and /ping through handlers registered as factories in the container passed in', async () => {
    expect(app.getContainer()).toBeInstanceOf(TypediContainer);
    await expectHomeAndPing(app);
  });

  it('answers 405 for a method the route does not list', async () => {
    const response = await call(app, '/ping', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
