import type { ErrorLayer } from '../pipeline/error-layer';
import type { ServerMiddleware } from '../pipeline/types';
import { ErrorRoutingStep } from './error-routing-step';
import { isErrorHandling } from './is-error-handling';
import { LazyErrorMiddleware } from './lazy-error-middleware';
import { PathErrorMiddleware } from './path-error-middleware';
import { resolveVariantA } from './resolve-variant-a';
import type { ErrorHandlingMiddleware } from './types';

/** The part of the resolver the layer writes to: the service names its startup checks look up. */
interface ServiceNameRecord {
  readonly serviceNames: Set<string>;
}

/**
 * Variant A as a layer over the pipeline. For the resolver: its middleware forms (`doublePass(fn)`,
 * `errorMiddleware(fn)`, functions of 3 or 4 parameters) and lazy error middleware, whose service name
 * joins the ones the startup checks look up. For every pipe the resolver fills: which entries are error
 * middleware, their path limit, and the steps that route errors to them.
 */
export const variantA = {
  resolve(candidate: unknown, resolver: ServiceNameRecord): ServerMiddleware | undefined {
    if (candidate instanceof LazyErrorMiddleware) {
      resolver.serviceNames.add(candidate.serviceName);
      return candidate;
    }
    return resolveVariantA(candidate);
  },
  isErrorMiddleware: isErrorHandling,
  limitToPath: (prefix, middleware) => new PathErrorMiddleware(prefix, middleware as ErrorHandlingMiddleware),
  firstStep: ErrorRoutingStep.first,
} satisfies ErrorLayer & Record<'resolve', unknown>;
