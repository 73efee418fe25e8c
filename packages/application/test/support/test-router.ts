import {
  decodePathParam,
  generatePath,
  type MatchInput,
  type Route,
  RouteResult,
  type Router,
  unknownRouteError,
} from '@framework/router-contract';

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A small linear router for the application tests (the adapters have their own suites). */
export class TestRouter implements Router {
  private readonly routes: Route[] = [];

  addRoute(route: Route): void {
    this.routes.push(route);
  }

  match({ method, path }: MatchInput): RouteResult {
    const allowed: string[] = [];
    let pathMatched = false;
    for (const route of this.routes) {
      const params = this.matchPath(route, path);
      if (params === undefined) continue;
      pathMatched = true;
      if (route.allowsMethod(method)) return RouteResult.fromRoute(route, params);
      for (const m of route.getAllowedMethods() ?? []) if (!allowed.includes(m)) allowed.push(m);
    }
    return RouteResult.fromRouteFailure(pathMatched ? allowed : null);
  }

  generateUri(name: string, params?: Readonly<Record<string, unknown>>): string {
    const route = this.routes.find((candidate) => candidate.getName() === name);
    if (route === undefined) throw unknownRouteError(name);
    return generatePath(route, params);
  }

  private matchPath(route: Route, path: string): Record<string, string> | undefined {
    const source = route.template.parts
      .map((part) => (part.kind === 'static' ? escape(part.text) : '([^/]+)'))
      .join('');
    const found = new RegExp(`^${source}$`).exec(path);
    if (found === null) return undefined;
    const params: Record<string, string> = Object.create(null);
    const tokens = route.getTokens();
    for (const [index, name] of route.template.paramNames.entries()) {
      const value = decodePathParam(found[index + 1] as string);
      if (value === undefined) return undefined;
      if (tokens[name] !== undefined && !tokens[name].test(value)) return undefined;
      params[name] = value;
    }
    return params;
  }
}
