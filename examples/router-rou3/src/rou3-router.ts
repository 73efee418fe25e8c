import {
  ParamReader,
  RouteResult,
  allowedMethods,
  comparePrecedence,
  decodePathParam,
  generatePath,
  resolveRouterLimits,
  templateRegExp,
  templateSegments,
  unknownRouteError,
  type MatchInput,
  type Route,
  type Router,
  type RouterCapabilities,
  type RouterLimits,
} from '@framework/router-contract';
import { addRoute, createRouter, findAllRoutes, type RouterContext } from 'rou3';

/** A stored route with what a lookup needs: its registration order and its compiled expression. */
interface Entry {
  readonly route: Route;
  readonly order: number;
  readonly regexp: RegExp;
  readonly reader: ParamReader;
}

// Literal segments rou3 takes as written (no syntax, nothing it encodes, no dot segment it resolves).
const PLAIN_SEGMENT = /^(?!\.\.?$)[\w~!$&',;=@.-]+$/;

/** The route in rou3 syntax: rou3 only narrows the candidates, the contract's expression decides. */
function rou3Pattern(route: Route): string {
  const segments = templateSegments(route.template).map((segment, index) =>
    segment.params === 0 && (segment.source === '' || PLAIN_SEGMENT.test(segment.source))
      ? segment.source
      : `:s${index}`,
  );
  return `/${segments.join('/')}`;
}

/**
 * A `Router` over rou3, written only against `@framework/router-contract`. rou3 returns every route
 * whose pattern fits (`findAllRoutes`); each candidate is checked with the contract's expression and
 * `ParamReader` (decoding, tokens, `maxParamLength`), and the contract's precedence picks the winner.
 *
 * @example
 * const router = new Rou3Router();
 * router.addRoute(new Route('/post/{id}', handler, ['GET']));
 * router.match({ method: 'GET', path: '/post/12' }).getMatchedParams(); // { id: '12' }
 */
export class Rou3Router implements Router {
  /** Inline constraints (`/notes/{id:\d+}`) route as the same `tokens`. */
  readonly capabilities: RouterCapabilities = { inlineConstraints: true };
  private readonly routes: Route[] = [];
  private readonly maxParamLength: number;
  private tree: RouterContext<Entry> | undefined;

  constructor(options?: RouterLimits) {
    this.maxParamLength = resolveRouterLimits(options, 'Rou3Router').maxParamLength;
  }

  addRoute(route: Route): void {
    this.routes.push(route);
    this.tree = undefined;
  }

  match({ method, path }: MatchInput): RouteResult {
    const tree = this.tree ?? this.compile();
    if (!path.startsWith('/') || decodePathParam(path) === undefined)
      return RouteResult.fromRouteFailure(null);
    const matched: (Entry & { readonly params: Readonly<Record<string, string>> })[] = [];
    for (const { data } of findAllRoutes(tree, '', path, { params: false })) {
      const found = data.regexp.exec(path);
      const params = found === null ? undefined : data.reader.read(found, 1, data.route.getTokens());
      if (params !== undefined) matched.push({ ...data, params });
    }
    const best = matched
      .filter((each) => each.route.allowsMethod(method))
      .sort((a, b) => comparePrecedence(a.route.template, b.route.template) || a.order - b.order)[0];
    if (best !== undefined) return RouteResult.fromRoute(best.route, best.params);
    return RouteResult.fromRouteFailure(
      allowedMethods(matched.map((each) => ({ order: each.order, methods: each.route.getAllowedMethods() }))),
    );
  }

  generateUri(name: string, params?: Readonly<Record<string, unknown>>): string {
    const route = this.routes.find((each) => each.getName() === name);
    if (route === undefined) throw unknownRouteError(name);
    return generatePath(route, params);
  }

  private compile(): RouterContext<Entry> {
    const tree = createRouter<Entry>();
    this.routes.forEach((route, order) => {
      const { regexp, captures } = templateRegExp(route.template);
      const reader = new ParamReader(captures, { maxLength: this.maxParamLength });
      addRoute(tree, '', rou3Pattern(route), { route, order, regexp, reader });
    });
    this.tree = tree;
    return tree;
  }
}
