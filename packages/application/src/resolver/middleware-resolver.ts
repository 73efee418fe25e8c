import type { Container } from '../container/container';
import { ApplicationError } from '../errors/application-error';
import { NestedPipe, pipeEntry } from '../pipeline/pipe-step';
import type { ServerMiddleware } from '../pipeline/types';
import { ClassMiddleware, FunctionMiddleware, HandlerMiddleware } from './adapters';
import { describeMiddleware, describeValue, isClass } from './describe-middleware';
import { notInvokable } from './lazy-service';
import { LazyServiceMiddleware } from './lazy-service-middleware';
import { type RoutingStage, stageOf } from '../pipeline/routing-stage';
import { middlewareKind } from './markers';
import { isMiddlewareForm, misspelledMethod } from './middleware-form';
import type { MiddlewareVariant } from './middleware-variant';
import { variantB } from './variant-b';

/**
 * An extension point: gets the raw middleware value and returns its resolved form, or `undefined` to
 * let the next adapter (and finally the built-in forms) try.
 */
export type MiddlewareAdapter = (
  candidate: unknown,
  resolver: MiddlewareResolver,
) => ServerMiddleware | undefined;

/**
 * Turns every accepted middleware form into a `ServerMiddleware` (spec 4.4 and 4.6.5): adapters first,
 * then built-in names (the routing/dispatch constants), objects with `process()`, objects with
 * `handle()`, arrays (nested pipes), service names (looked up in the container at invocation), the
 * variant's forms (with `variantA`: `doublePass(fn)`, `errorMiddleware(fn)`, functions of 3 or 4
 * parameters; `variantB`, the default, refuses them), classes (from the container, else `new`), and
 * plain functions `(request, handler)`.
 *
 * @example
 * const resolver = new MiddlewareResolver(container, variantA);
 * resolver.addAdapter((value) => (isMyForm(value) ? wrapMyForm(value) : undefined));
 */
export class MiddlewareResolver {
  private readonly adapters: MiddlewareAdapter[] = [];
  private readonly builtIns: Record<string, ServerMiddleware> = Object.create(null);
  /** Every container service name resolved so far (piped, in arrays, in routes), for `app.check()`. */
  readonly serviceNames = new Set<string>();
  /** The routing and dispatch stages in the order they were resolved (pipe order, arrays depth-first), for `app.check()`. */
  readonly stages: RoutingStage[] = [];
  /**
   * @param container Where service names and classes are looked up.
   * @param variant The middleware forms accepted beyond request + handler, and the layer that routes
   * errors to error middleware in the pipes this resolver fills: `variantB` (the default) or `variantA`.
   */
  constructor(
    readonly container?: Container,
    readonly variant: MiddlewareVariant = variantB,
  ) {}

  /** Adds an adapter, tried before the built-in forms (in the order added). */
  addAdapter(adapter: MiddlewareAdapter): this {
    this.adapters.push(adapter);
    return this;
  }

  /** Makes a name (such as `Application.ROUTING_MIDDLEWARE`) stand for a ready middleware. */
  defineBuiltIn(name: string, middleware: ServerMiddleware): this {
    this.builtIns[name] = middleware;
    return this;
  }

  /** Turns any supported middleware form into a `ServerMiddleware`; an unsupported form throws an error naming it. */
  resolve(middleware: unknown): ServerMiddleware {
    return this.record(this.resolveAny(middleware));
  }

  private record(resolved: ServerMiddleware): ServerMiddleware {
    const stage = stageOf(resolved);
    if (stage !== undefined) this.stages.push(stage);
    else if (resolved instanceof LazyServiceMiddleware) this.serviceNames.add(resolved.serviceName);
    return resolved;
  }

  private resolveAny(middleware: unknown): ServerMiddleware {
    const adapted = this.adapt(middleware);
    if (adapted !== undefined) return adapted;
    if (typeof middleware === 'string') {
      const builtIn = this.builtIns[middleware];
      if (builtIn !== undefined) return builtIn;
      if (this.container === undefined) {
        throw unresolvable(
          middleware,
          'it is a service name but the application has no container; pass one to AppFactory.create(container)',
        );
      }
      return new LazyServiceMiddleware(middleware, this.container, this);
    }
    return this.resolveValue(middleware);
  }

  /**
   * Resolves a value fetched from the container as service `name`: adapters first, then the built-in
   * shapes. Anything else (a string, `{}`, an object whose method is misspelled) throws
   * `FRAMEWORK_ERR_MIDDLEWARE_NOT_INVOKABLE` naming the service.
   */
  resolveService(service: unknown, name: string): ServerMiddleware {
    const adapted = this.adapt(service);
    if (adapted !== undefined) return adapted;
    if (typeof service !== 'string' && isMiddlewareForm(service)) return this.resolveValue(service);
    const typo = misspelledMethod(service);
    throw notInvokable(
      'middleware',
      name,
      service,
      typo === undefined ? '' : ` (${typo})`,
      'a function (request, handler), an object with process() or handle(), or a class',
    );
  }

  private adapt(candidate: unknown): ServerMiddleware | undefined {
    for (const adapter of this.adapters) {
      const resolved = adapter(candidate, this);
      if (resolved !== undefined) return resolved;
    }
    return undefined;
  }

  private resolveValue(middleware: unknown): ServerMiddleware {
    if (Array.isArray(middleware)) {
      const entries = middleware.map((item: unknown) => {
        const resolved = this.resolve(item);
        return pipeEntry(resolved, describeMiddleware(item), this.variant.isErrorMiddleware(resolved));
      });
      return new NestedPipe(entries, this.variant);
    }
    const variantForm = this.variant.resolve(middleware, this);
    if (variantForm !== undefined) return variantForm;
    if (typeof middleware === 'function') {
      if (isClass(middleware)) return new ClassMiddleware(middleware as new () => unknown, this);
      return new FunctionMiddleware(middleware as FunctionMiddleware['fn']);
    }
    if (middleware !== null && typeof middleware === 'object') {
      if (typeof (middleware as ServerMiddleware).process === 'function')
        return middleware as ServerMiddleware;
      if (typeof (middleware as { handle?: unknown }).handle === 'function') {
        return new HandlerMiddleware(middleware as ConstructorParameters<typeof HandlerMiddleware>[0]);
      }
      const kind = middlewareKind(middleware);
      if (kind !== undefined) {
        const callable = (middleware as { callable?: unknown }).callable;
        throw new ApplicationError(
          'FRAMEWORK_ERR_MIDDLEWARE_UNSUPPORTED_FORM',
          `Cannot resolve ${kind} middleware: its callable is ${describeValue(callable)}, not a function. ` +
            'Make it with doublePass(fn) or errorMiddleware(fn).',
        );
      }
    }
    throw unresolvable(
      middleware,
      'it is neither a function, an object with process() or handle(), a service name, a class nor an array',
    );
  }
}

function unresolvable(middleware: unknown, why: string): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_MIDDLEWARE_UNRESOLVABLE',
    `Cannot resolve ${describeMiddleware(middleware)}: ${why}.`,
  );
}
