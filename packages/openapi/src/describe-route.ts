import type { StandardSchemaV1 } from '@standard-schema/spec';
import type {
  AnyResponse,
  MaybePromise,
  RequestHandler,
  ServerMiddleware,
  ServerRequest,
} from '@framework/application';
import { invalidOption } from './errors';

/** Where a `describeRoute()` middleware keeps its description, for the document to read. */
export const ROUTE_DESCRIPTION: unique symbol = Symbol.for('@framework/openapi.route');

/** One answer a route declares: its body's schema (output side), media type, description and example. */
export interface DeclaredResponse {
  readonly description?: string;
  /** The body's schema; described through its JSON Schema output. */
  readonly schema?: StandardSchemaV1;
  /** The body's media type (default `application/json`). */
  readonly contentType?: string;
  readonly example?: unknown;
}

/** Answers by status code: a schema alone, or a `DeclaredResponse`. */
export type DeclaredResponses = Readonly<Partial<Record<number, StandardSchemaV1 | DeclaredResponse>>>;

/** What a route says about itself in the document; nothing of it runs when a request is answered. */
export interface RouteDescription<Responses extends DeclaredResponses = DeclaredResponses> {
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly deprecated?: boolean;
  /** Replaces the route's name as `operationId`. */
  readonly operationId?: string;
  readonly responses?: Responses;
}

const KEYS = ['summary', 'description', 'tags', 'deprecated', 'operationId', 'responses'];

/** Middleware that only carries a route's description: it hands every request on untouched. */
export class DescribeRouteMiddleware<
  Responses extends DeclaredResponses = DeclaredResponses,
> implements ServerMiddleware {
  readonly [ROUTE_DESCRIPTION]: RouteDescription<Responses>;

  constructor(description: RouteDescription<Responses>) {
    if (description === null || typeof description !== 'object' || Array.isArray(description)) {
      throw invalidOption('describeRoute()', 'description', 'must be an object.');
    }
    for (const key of Object.keys(description)) {
      if (!KEYS.includes(key))
        throw invalidOption('describeRoute()', key, `is unknown; use ${KEYS.join(', ')}.`);
    }
    for (const status of Object.keys(description.responses ?? {})) {
      if (!/^[1-5]\d\d$/.test(status)) {
        throw invalidOption(
          'describeRoute()',
          `responses.${status}`,
          'must be an HTTP status code (100-599).',
        );
      }
    }
    this[ROUTE_DESCRIPTION] = Object.freeze({ ...description });
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return handler.handle(request);
  }
}

/**
 * Describes a route for the OpenAPI document, beside its handler: summary, tags, the answers it gives
 * by status. At run time it only hands the request on.
 *
 * @example
 * app.get('/notes/{id:\\d+}', [
 *   describeRoute({ summary: 'One note', tags: ['notes'], responses: { 200: Note } }),
 *   (request) => new JsonResponse(find(request.params.id)),
 * ], 'note');
 */
export function describeRoute<const Responses extends DeclaredResponses = DeclaredResponses>(
  description: RouteDescription<Responses>,
): DescribeRouteMiddleware<Responses> {
  return new DescribeRouteMiddleware(description);
}

/** The description a middleware carries, if it is a `describeRoute()` middleware (of any copy of this package). */
export function routeDescriptionOf(middleware: unknown): RouteDescription | undefined {
  if (middleware === null || typeof middleware !== 'object') return undefined;
  const description = (middleware as { [ROUTE_DESCRIPTION]?: unknown })[ROUTE_DESCRIPTION];
  return typeof description === 'object' && description !== null
    ? (description as RouteDescription)
    : undefined;
}
