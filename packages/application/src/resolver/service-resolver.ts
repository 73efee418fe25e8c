import type { Container } from '../container/container';
import type { ServerMiddleware } from '../pipeline/types';

/** What middleware resolved at invocation needs from the resolver: the container, and how to resolve what it returns. */
export interface ServiceResolver {
  readonly container?: Container | undefined;
  /** Resolves a value fetched from the container (a service name is not allowed here). */
  resolveService(service: unknown, name: string): ServerMiddleware;
}
