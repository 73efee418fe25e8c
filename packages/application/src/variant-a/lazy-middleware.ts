import { checkOptionKeys, optionKeys } from '../application/option-keys';
import type { Container } from '../container/container';
import type { ServerMiddleware } from '../pipeline/types';
import { LazyServiceMiddleware } from '../resolver/lazy-service-middleware';
import { MiddlewareResolver } from '../resolver/middleware-resolver';
import { LazyErrorMiddleware } from './lazy-error-middleware';
import { variantA } from './variant-a-layer';
import type { ErrorHandlingMiddleware } from './types';

/** Options of `lazyMiddleware()`. */
export interface LazyMiddlewareOptions {
  /** Wrap the service as error middleware `(error, request, response, next)`. Default false. */
  readonly error?: boolean;
  /** Resolves the fetched service (normal middleware only); default: a resolver over `container`. */
  readonly resolver?: MiddlewareResolver;
}

const LAZY_OPTION_KEYS = optionKeys<LazyMiddlewareOptions>({ error: true, resolver: true });

/**
 * Wraps a container service as middleware whose lookup happens only when it is invoked (spec 4.7).
 * With `error: true` the wrapper is error middleware. A service that is missing or not usable as
 * middleware fails at invocation (`FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND`,
 * `FRAMEWORK_ERR_MIDDLEWARE_NOT_INVOKABLE`), never at registration.
 *
 * @example
 * app.pipe(lazyMiddleware(container, 'App\\Middleware\\Auth'));
 * app.pipe(lazyMiddleware(container, 'App\\Middleware\\ErrorPage', { error: true }));
 */
export function lazyMiddleware(
  container: Container,
  serviceName: string,
  options: LazyMiddlewareOptions & { readonly error: true },
): ErrorHandlingMiddleware;
export function lazyMiddleware(
  container: Container,
  serviceName: string,
  options?: LazyMiddlewareOptions,
): ServerMiddleware;
export function lazyMiddleware(
  container: Container,
  serviceName: string,
  options: LazyMiddlewareOptions = {},
): ServerMiddleware {
  checkOptionKeys('lazyMiddleware()', options, LAZY_OPTION_KEYS);
  if (options.error === true) return new LazyErrorMiddleware(serviceName, container);
  return new LazyServiceMiddleware(
    serviceName,
    container,
    options.resolver ?? new MiddlewareResolver(container, variantA),
  );
}
