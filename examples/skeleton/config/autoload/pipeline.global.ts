import { Application } from '@framework/application';

/**
 * The middleware pipeline. Keys only matter when files are merged; order comes from `priority`
 * (higher runs first, default 1).
 */
export const config = {
  middleware_pipeline: {
    routing: {
      middleware: [Application.ROUTING_MIDDLEWARE, Application.DISPATCH_MIDDLEWARE],
      priority: 1,
    },
  },
};
