import type { RouteOptions } from '@framework/router-contract';
import type { Middleware } from '../pipeline/types';

/**
 * A validated `middleware_pipeline` entry (spec 2.4), before priority ordering. Whole-entry constants
 * (`ApplicationFactory.ROUTING_MIDDLEWARE` as the entry itself) become `{ middleware: constant,
 * priority: 1 }`.
 */
export interface PipelineEntry {
  /** Names the entry in errors: `middleware_pipeline[0]` or `middleware_pipeline["auth"]`. */
  readonly label: string;
  /** A service name, function, class, middleware object, or a list of these (a nested pipe). */
  readonly middleware: Middleware;
  /** Literal path prefix the middleware is limited to (`pipe(path, middleware)`), if any. */
  readonly path: string | undefined;
  /** Higher runs earlier; ties keep config order. Default 1. */
  readonly priority: number;
  /** Variant A: marks error middleware (`error: true`). Default false. */
  readonly error: boolean;
}

/** A validated `routes` entry (spec 2.3). */
export interface RouteEntry {
  /** Names the entry in errors: `routes[0]` or `routes["home"]`. */
  readonly label: string;
  readonly path: string;
  readonly middleware: Middleware;
  /** `null`: any method (`allowed_methods` absent or null). */
  readonly methods: readonly string[] | null;
  readonly name: string | undefined;
  readonly options: RouteOptions | undefined;
}

/** The default `priority` of a pipeline entry (spec 4.6.3). */
export const DEFAULT_PRIORITY = 1;
