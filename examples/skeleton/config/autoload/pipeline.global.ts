import { Application } from '@framework/application';

/**
 * The middleware pipeline. Keys only matter when files are merged; order comes from `priority`
 * (higher runs first, default 1).
 */
export const config = {
  middleware_pipeline: {
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
