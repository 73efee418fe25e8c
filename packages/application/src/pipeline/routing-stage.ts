/** The two built-in stages whose order matters: routing must come before dispatch. */
export type RoutingStage = 'routing' | 'dispatch';

const stages = new WeakMap<object, RoutingStage>();

/** Marks a middleware as the routing or the dispatch stage (so startup checks can find it). */
export function markStage<T extends object>(middleware: T, stage: RoutingStage): T {
  stages.set(middleware, stage);
  return middleware;
}

/** The stage a resolved middleware is, if any. */
export function stageOf(middleware: object): RoutingStage | undefined {
  return stages.get(middleware);
}
