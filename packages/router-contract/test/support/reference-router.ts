import {
  EMPTY_LIST_EXPLICIT_METHODS,
  EXPLICIT_METHODS,
  RouteResult,
  ParamReader,
  comparePrecedence,
  generatePath,
  resolveRouterLimits,
  templateRegExp,
  unknownRouteError,
  type MatchInput,
  type Route,
  type Router,
  type RouterCapabilities,
  type RouterLimits,
} from '../../src';

/** Params of `route` for `path`, or undefined when it does not match (tokens included). */
function matchTemplate(
  route: Route,
  path: string,
  maxParamLength: number,
): Record<string, string> | undefined {
  const { regexp, captures } = templateRegExp(route.template);
  const found = regexp.exec(path);
  return found === null
    ? undefined
    : new ParamReader(captures, { maxLength: maxParamLength }).read(found, 1, route.getTokens());
}

/** A linear router written for clarity, used to check the conformance suite itself. */
export class ReferenceRouter implements Router {
  readonly capabilities: RouterCapabilities = { inlineConstraints: true };
  private readonly routes: Route[] = [];

  private readonly maxParamLength: number;

  constructor(
    private readonly explicitMethods = false,
    limits?: RouterLimits,
  ) {
    this.maxParamLength = resolveRouterLimits(limits, 'ReferenceRouter').maxParamLength;
  }

  addRoute(route: Route): void {
    this.routes.push(route);
  }

  match({ method, path }: MatchInput): RouteResult {
    const allowed: string[] = [];
    let pathExists = false;
    let best: { route: Route; params: Record<string, string> } | undefined;
    for (const route of this.routes) {
      const params = matchTemplate(route, path, this.maxParamLength);
      if (params === undefined) continue;
      pathExists = true;
      const methods = this.methodsOf(route);
      if (methods === null || methods.includes(method)) {
        // Strictly better only: on a tie the earlier-registered route stays.
        if (best === undefined || comparePrecedence(route.template, best.route.template) < 0)
          best = { route, params };
      }
      for (const each of methods ?? []) if (!allowed.includes(each)) allowed.push(each);
    }
    if (best !== undefined) return RouteResult.fromRoute(best.route, best.params);
    return RouteResult.fromRouteFailure(pathExists ? allowed : null);
  }

  generateUri(name: string, params?: Readonly<Record<string, unknown>>): string {
    const route = this.routes.find((each) => each.getName() === name);
    if (route === undefined) throw unknownRouteError(name);
    return generatePath(route, params);
  }

  private methodsOf(route: Route): readonly string[] | null {
    const methods = route.getAllowedMethods();
    if (!this.explicitMethods) return methods;
    if (methods === null) return EXPLICIT_METHODS;
    return methods.length === 0 ? EMPTY_LIST_EXPLICIT_METHODS : methods;
  }
}
