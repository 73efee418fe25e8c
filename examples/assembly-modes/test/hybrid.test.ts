import { describe, expect, it } from '@jest/globals';
import { createHybridApp } from '../src/hybrid';
import { call, expectHomeAndPing, fixtureRoot } from './support';

describe('hybrid mode', () => {
  it('answers the configured routes and the POST /post route added in code', async () => {
    const app = await createHybridApp(fixtureRoot, { cachePath: null });
    await expectHomeAndPing(app);
    const posted = await call(app, '/post', { method: 'POST' });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toBe('Posted.');
    expect(posted.headers.get('x-powered-by')).toBe('@framework');
    expect((await call(app, '/post')).status).toBe(405);
  });
});
