import type { Application } from '../application/application';
import type { PipelineEntry } from './config-entry-types';
import { invalidPipeline } from './config-errors';

/**
 * The seam for Variant A error middleware (spec 4.6.4, 4.7): called for every `middleware_pipeline`
 * entry with `error: true`, in its place in the priority order. Variant A support replaces this body
 * with one that pipes the entry as error middleware (lazily loaded when it names a service).
 */
export function pipeErrorEntry(_app: Application, entry: PipelineEntry): void {
  throw invalidPipeline(
    `${entry.label}.error is true, but error middleware (Variant A) is not supported yet; remove ` +
      '"error" and pipe a middleware that catches the errors of handler.handle(request) instead.',
  );
}
