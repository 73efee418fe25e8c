import type { ErrorLayer } from '../pipeline/error-layer';
import type { ServerMiddleware } from '../pipeline/types';

/** The part of the resolver a variant writes to: the service names the startup checks look up. */
export interface ServiceNameRecord {
  readonly serviceNames: Set<string>;
}

/**
 * Which middleware forms an application accepts beyond request + handler, and how its pipes route
 * errors: `variantA` (double-pass and error middleware, spec Variant A) or `variantB` (request +
 * handler only). `AppFactory.create` and `ApplicationFactory` use `variantA`; `new Application(router)`
 * uses `variantB` unless given `{ variant: variantA }`, so an application that never uses Variant A
 * does not carry its code into a bundle.
 */
export interface MiddlewareVariant extends ErrorLayer {
  /** The variant's own form of `candidate`, or `undefined` to let the resolver's common forms try. */
  resolve(candidate: unknown, resolver: ServiceNameRecord): ServerMiddleware | undefined;
}
