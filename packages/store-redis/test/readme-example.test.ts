import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from './readme-example';
import { describeWithRedis, type RunningRedis, startRedis } from './support/redis-server';

it('the README example is test/readme-example.ts, importing the package by its name', () => {
  const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
  const sample = readFileSync(join(__dirname, 'readme-example.ts'), 'utf8');
  expect(/```ts\n([\s\S]*?)```/.exec(readme)?.[1]).toBe(
    sample.replace("from '../src'", "from '@framework/store-redis'"),
  );
});

describeWithRedis('the README example', () => {
  let redis: RunningRedis;
  let made: ReturnType<typeof createApp>;

  beforeAll(async () => {
    redis = await startRedis();
    made = createApp(redis.url);
  }, 30_000);
  afterAll(async () => {
    await made.store.close();
    await redis.stop();
  }, 30_000);

  it('answers the sixth login of a client in a minute with 429, and another client still gets in', async () => {
    const login = (clientAddress: string) =>
      made.app.fetchWith(new Request('http://localhost/login', { method: 'POST' }), { clientAddress });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login('203.0.113.9')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await login('198.51.100.7')).status).toBe(200);
  });
});
