import { DISPATCH_MIDDLEWARE, ROUTING_MIDDLEWARE } from '../application/built-ins';
import { DEFAULT_PRIORITY, type PipelineEntry } from './config-entry-types';

/**
 * The pipeline used when the config has no `middleware_pipeline` key: routing then dispatch when routes
 * are configured (so a routes-only config answers its routes), else nothing.
 */
export function defaultPipeline(hasRoutes: boolean): PipelineEntry[] {
  if (!hasRoutes) return [];
  return [ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE].map((middleware) => ({
    label: 'middleware_pipeline (default)',
    middleware,
    path: undefined,
    priority: DEFAULT_PRIORITY,
    error: false,
  }));
}
