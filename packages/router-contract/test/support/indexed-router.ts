import {
  EMPTY_LIST_EXPLICIT_METHODS,
  EXPLICIT_METHODS,
  IndexedRoutes,
  ParamReader,
  generatePath,
  resolveRouterLimits,
  templateRegExp,
  unknownRouteError,
  type MatchInput,
  type MatchableRoute,
  type Route,
  type RouteResult,
  type Router,
  type RouterCapabilities,
  type RouterLimits,
} from '../../src';

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze(Object.create(null));

/** A route compiled to the contract's expression over the raw path. */
class RegExpRoute implements MatchableRoute {
  readonly methods: readonly string[] | null;
  private readonly regexp: RegExp;
  private readonly reader: ParamReader;

  constructor(
    readonly route: Route,
    explicitMethods: boolean,
    maxParamLength: number,
  ) {
    const { regexp, captures } = templateRegExp(route.template);
    const methods = route.getAllowedMethods();
    this.methods = !explicitMethods
      ? methods
      : methods === null
        ? EXPLICIT_METHODS
        : methods.length === 0
          ? EMPTY_LIST_EXPLICIT_METHODS
          : methods;
    this.regexp = regexp;
    this.reader = new ParamReader(captures, { maxLength: maxParamLength });
  }

  matchPath(path: string): Readonly<Record<string, string>> | undefined {
    if (this.route.template.isStatic) return NO_PARAMS;
    const found = this.regexp.exec(path);
    return found === null ? undefined : this.reader.read(found, 1, this.route.getTokens());
  }
}

/**
 * The building blocks assembled as an adapter would (`IndexedRoutes`, `MatchTable`, `RouteIndex`), so
 * this package's own run of the suite covers them, not only the adapters' runs against the build.
 */
export class IndexedRouter implements Router {
  readonly capabilities: RouterCapabilities = { inlineConstraints: true };
  private readonly routes: IndexedRoutes<unknown, RegExpRoute>;

  constructor(explicitMethods = false, limits?: RouterLimits) {
    const { maxParamLength } = resolveRouterLimits(limits, 'IndexedRouter');
    this.routes = new IndexedRoutes((route) => new RegExpRoute(route, explicitMethods, maxParamLength));
  }

  addRoute(route: Route): void {
    this.routes.add(route);
  }

  match({ method, path }: MatchInput): RouteResult {
    return this.routes.match(method, path);
  }

  generateUri(name: string, params?: Readonly<Record<string, unknown>>): string {
    const entry = this.routes.named(name);
    if (entry === undefined) throw unknownRouteError(name);
    return generatePath(entry.route, params);
  }
}
