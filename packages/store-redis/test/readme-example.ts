import { Application, TextResponse } from '@framework/application';
import { rateLimit } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';
import { RedisRateLimitStore } from '../src';

export function createApp(redis = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') {
  const store = new RedisRateLimitStore({ redis }); // every process and machine shares the limits
  const app = new Application(new FindMyWayRouter(), { trustProxy: ['10.0.0.0/8'] });
  app.pipe(rateLimit({ limit: 100, window: 60_000, store, onStoreError: 'fail-open' }));
  app.post('/login', [
    rateLimit({ name: 'login', limit: 5, window: 60_000, store }), // the sixth try in a minute: 429
    () => new TextResponse('in'),
  ]);
  return { app, store }; // serve app with app.run(); await store.close() on shutdown
}
