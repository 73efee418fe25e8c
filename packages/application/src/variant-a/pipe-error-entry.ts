import type { Application } from '../application/application';
import { DISPATCH_MIDDLEWARE, ROUTING_MIDDLEWARE } from '../application/built-ins';
import type { PipelineEntry } from '../factory/config-entry-types';
import { invalidPipeline } from '../factory/config-errors';
import { describeConfigValue } from '../factory/describe-config-value';
import { isClass } from '../resolver/describe-middleware';
import { middlewareKind } from '../resolver/markers';
import { ErrorMiddlewareAdapter } from './error-middleware-adapter';
import { isErrorHandling } from './is-error-handling';
import { lazyMiddleware } from './lazy-middleware';
import type { ErrorHandlingMiddleware, ErrorMiddlewareFunction } from './types';

/**
 * Pipes a `middleware_pipeline` entry with `error: true` (spec 4.6.4, 4.7) as error middleware, in its
 * place in the priority order: a service name becomes a lazy error wrapper (looked up when an error
 * reaches it), a function is called with `(error, request, response, next)`, `errorMiddleware(fn)` and
 * error middleware objects are used as they are. A list pipes each item in order, with the entry's `path`.
 */
export function pipeErrorEntry(app: Application, entry: PipelineEntry): void {
  for (const [key, item] of flatten(`${entry.label}.middleware`, entry.middleware)) {
    const middleware = toErrorMiddleware(app, key, item);
    if (entry.path === undefined) app.pipe(middleware);
    else app.pipe(entry.path, middleware);
  }
}

function toErrorMiddleware(app: Application, key: string, item: unknown): ErrorHandlingMiddleware {
  if (item === ROUTING_MIDDLEWARE || item === DISPATCH_MIDDLEWARE) {
    throw invalidPipeline(
      `${key} is ${item === ROUTING_MIDDLEWARE ? 'ROUTING' : 'DISPATCH'}_MIDDLEWARE, but the entry has ` +
        'error: true; pipe the routing and dispatch constants in an entry without "error".',
    );
  }
  if (typeof item === 'string') {
    const container = app.getContainer();
    if (container === undefined)
      throw invalidPipeline(`${key} names a service, but the application has no container.`);
    return lazyMiddleware(container, item, { error: true });
  }
  if (isErrorHandling(item)) return item;
  const callable = middlewareKind(item) === 'error' ? (item as { callable: unknown }).callable : item;
  if (typeof callable === 'function' && !isClass(callable)) {
    return new ErrorMiddlewareAdapter(callable as ErrorMiddlewareFunction);
  }
  throw invalidPipeline(
    `${key} is not error middleware: the entry has error: true, so give a service name, a function ` +
      `(error, request, response, next) or errorMiddleware(fn); got ${describeConfigValue(item)}.`,
  );
}

function flatten(key: string, middleware: unknown): [string, unknown][] {
  if (!Array.isArray(middleware)) return [[key, middleware]];
  return middleware.flatMap((item: unknown, index) => flatten(`${key}[${index}]`, item));
}
