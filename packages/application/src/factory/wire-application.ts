import { Route } from '@framework/router-contract';
import type { Application } from '../application/application';
import type { PipelineEntry, RouteEntry } from './config-entry-types';
import { invalidPipeline, invalidRoute } from './config-errors';
import { pipeErrorEntry } from './pipe-error-entry';

/** Pipes ordered pipeline entries into `app`; an entry the application refuses names itself. */
export function pipeEntries(app: Application, ordered: readonly PipelineEntry[]): void {
  for (const entry of ordered) {
    if (entry.error) {
      pipeErrorEntry(app, entry);
      continue;
    }
    try {
      if (entry.path === undefined) app.pipe(entry.middleware);
      else app.pipe(entry.path, entry.middleware);
    } catch (error) {
      throw invalidPipeline(`${entry.label} cannot be piped: ${messageOf(error)}`, error);
    }
  }
}

/** Registers route entries in config order; a route the router or application refuses names itself. */
export function registerRoutes(app: Application, routes: readonly RouteEntry[]): void {
  for (const entry of routes) {
    try {
      const route = new Route(entry.path, entry.middleware, entry.methods, entry.name);
      if (entry.options !== undefined) route.setOptions(entry.options);
      app.route(route);
    } catch (error) {
      throw invalidRoute(`${entry.label} cannot be registered: ${messageOf(error)}`, error);
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
