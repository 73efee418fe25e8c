import { Route, type Router } from '@framework/router-contract';
import type { GeneratedCase, GeneratedRequest } from './table-arbitrary';

/** What a router answered, in a form jest can compare. */
export interface Outcome {
  readonly kind: 'success' | 'method failure' | 'plain failure';
  readonly route?: string;
  readonly params?: Record<string, string>;
  readonly allowed?: readonly string[] | null;
}

/** Builds a router holding the case's routes, in order. */
export function load(router: Router, generated: GeneratedCase): Router {
  for (const spec of generated.routes) {
    const route = new Route(spec.path, spec.path, spec.methods);
    if (spec.tokens !== undefined) route.setOptions({ tokens: spec.tokens });
    router.addRoute(route);
  }
  return router;
}

export function outcome(router: Router, request: GeneratedRequest): Outcome {
  const result = router.match(request);
  if (result.isSuccess()) {
    return {
      kind: 'success',
      route: result.getMatchedRouteName() as string,
      params: { ...result.getMatchedParams() },
    };
  }
  if (result.isMethodFailure()) return { kind: 'method failure', allowed: result.getAllowedMethods() };
  return { kind: 'plain failure' };
}
