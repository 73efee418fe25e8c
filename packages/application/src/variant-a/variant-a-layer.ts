import type { MiddlewareVariant } from '../resolver/middleware-variant';
import { ErrorRoutingStep } from './error-routing-step';
import { isErrorHandling } from './is-error-handling';
import { LazyErrorMiddleware } from './lazy-error-middleware';
import { PathErrorMiddleware } from './path-error-middleware';
import { resolveVariantA } from './resolve-variant-a';
import type { ErrorHandlingMiddleware } from './types';

/**
 * Variant A as a layer over the pipeline (pass it as `new Application(router, { variant: variantA })`;
 * `AppFactory.create` and `ApplicationFactory` use it by default). For the resolver: its middleware forms (`doublePass(fn)`,
 * `errorMiddleware(fn)`, functions of 3 or 4 parameters) and lazy error middleware, whose service name
 * joins the ones the startup checks look up. For every pipe the resolver fills: which entries are error
 * middleware, their path limit, and the steps that route errors to them.
 */
export const variantA: MiddlewareVariant = {
  resolve(candidate, resolver) {
    if (candidate instanceof LazyErrorMiddleware) {
      resolver.serviceNames.add(candidate.serviceName);
      return candidate;
    }
    return resolveVariantA(candidate);
  },
  isErrorMiddleware: isErrorHandling,
  limitToPath: (prefix, middleware) => new PathErrorMiddleware(prefix, middleware as ErrorHandlingMiddleware),
  // A closure, not `ErrorRoutingStep.first` itself: reading a property at load would keep this module in
  // every bundle of the package, used or not.
  firstStep: (entries, lastError, final, boundary) =>
    ErrorRoutingStep.first(entries, lastError, final, boundary),
};
