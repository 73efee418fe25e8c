import { DISPATCH_MIDDLEWARE, ROUTING_MIDDLEWARE } from '../application/built-ins';
import type { PipelineEntry } from './config-entry-types';
import { invalidPipeline } from './config-errors';

/**
 * Spec 2.4: the routing middleware must come before the dispatch middleware. Walks the ordered
 * pipeline (nested lists depth-first) and throws when a dispatch constant shows up before any routing
 * constant, which would leave every route unreachable.
 */
export function checkBuiltInOrder(ordered: readonly PipelineEntry[]): void {
  let routed = false;
  for (const entry of ordered) {
    for (const item of flatten(entry.middleware)) {
      if (item === ROUTING_MIDDLEWARE) routed = true;
      else if (item === DISPATCH_MIDDLEWARE && !routed) {
        throw invalidPipeline(
          `${entry.label} pipes DISPATCH_MIDDLEWARE before any ROUTING_MIDDLEWARE once the pipeline is ` +
            'ordered by priority; give the routing entry a higher priority, or list ROUTING_MIDDLEWARE ' +
            'first in the same "middleware" list.',
        );
      }
    }
  }
}

function flatten(middleware: unknown): unknown[] {
  return Array.isArray(middleware) ? middleware.flatMap(flatten) : [middleware];
}
