import { Application, timeout } from '@framework/application';
import { compress, securityHeaders } from '@framework/middleware';

/**
 * The middleware pipeline. Keys only matter when files are merged; order comes from `priority`
 * (higher runs first, default 1). Request ids and request logging (a service defined in
 * dependencies.global.ts, active when public/index.ts gives the container a logger) wrap everything;
 * security headers come next so every answer carries them, 404s, errors and timeouts included; a
 * request unanswered after 30 s gets a 503 (a handler that never settles would otherwise hold its
 * connection until shutdown); compression wraps everything that makes a body; static assets (a service
 * defined in dependencies.global.ts) are tried before routing.
 */
export const config = {
  middleware_pipeline: {
    requestLogging: {
      middleware: 'App\\RequestLogging',
      priority: 110,
    },
    securityHeaders: {
      middleware: securityHeaders(),
      priority: 100,
    },
    timeout: {
      middleware: timeout(30_000),
      priority: 95,
    },
    compress: {
      middleware: compress(),
      priority: 90,
    },
    assets: {
      path: '/assets',
      middleware: 'App\\Assets',
      priority: 20,
    },
    api: {
      path: '/api',
      middleware: 'App\\Api\\Application',
      priority: 10,
    },
    routing: {
      middleware: [Application.ROUTING_MIDDLEWARE, Application.DISPATCH_MIDDLEWARE],
      priority: 1,
    },
  },
};
