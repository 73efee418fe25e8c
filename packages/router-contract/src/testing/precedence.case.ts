import { defineGroup, type ContractGroup } from './contract-group';
import type { Route } from '../route';
import { expectMethodFailure, expectPlainFailure, expectSuccess, match, route, routerWith } from './helpers';
import type { ContractContext } from './options';

/** One route of a precedence case: path, methods and optional tokens. */
type RouteSpec = readonly [
  path: string,
  methods: readonly string[],
  tokens?: Readonly<Record<string, string>>,
];

/** A request and what it gives: the route (index into `routes`) with its params, or a failure. */
type Expectation =
  | readonly [method: string, path: string, route: number, params?: Readonly<Record<string, string>>]
  | readonly [method: string, path: string, allowed: { readonly allowed: readonly string[] }]
  | readonly [method: string, path: string, failure: 'plain failure'];

interface PrecedenceCase {
  readonly name: string;
  readonly routes: readonly RouteSpec[];
  readonly requests: readonly Expectation[];
  /** Also run with the routes registered in reverse order, expecting the same answers. */
  readonly bothOrders: boolean;
  readonly tokens?: boolean;
}

const CASES: readonly PrecedenceCase[] = [
  {
    name: 'a literal segment beats a placeholder segment at the first segment that differs',
    routes: [
      ['/{lang}/about', ['GET']],
      ['/en/{page}', ['GET']],
    ],
    requests: [
      ['GET', '/en/about', 1, { page: 'about' }],
      ['GET', '/de/about', 0, { lang: 'de' }],
    ],
    bothOrders: true,
  },
  {
    name: 'a placeholder segment with literal text after it ({id}.json) beats a bare placeholder',
    routes: [
      ['/p/{id}.json', ['GET']],
      ['/p/{slug}', ['GET']],
    ],
    requests: [
      ['GET', '/p/1.json', 0, { id: '1' }],
      ['GET', '/p/1', 1, { slug: '1' }],
      ['GET', '/p/.json', 1, { slug: '.json' }],
    ],
    bothOrders: true,
  },
  {
    name: 'a placeholder segment with literal text before it (v{n}) beats a bare placeholder',
    routes: [
      ['/p/{x}', ['GET']],
      ['/p/v{n}', ['GET']],
    ],
    requests: [
      ['GET', '/p/v1', 1, { n: '1' }],
      ['GET', '/p/w1', 0, { x: 'w1' }],
      ['GET', '/p/v', 0, { x: 'v' }],
    ],
    bothOrders: true,
  },
  {
    name: 'more literal text wins between placeholder segments: {name}.json over v{n}, {a}-{b} over {a}',
    routes: [
      ['/f/v{n}', ['GET']],
      ['/f/{name}.json', ['GET']],
      ['/r/{slug}', ['GET']],
      ['/r/{from}-{to}', ['GET']],
    ],
    requests: [
      ['GET', '/f/v1.json', 1, { name: 'v1' }],
      ['GET', '/f/v1', 0, { n: '1' }],
      ['GET', '/r/1-2', 3, { from: '1', to: '2' }],
      ['GET', '/r/12', 2, { slug: '12' }],
    ],
    bothOrders: true,
  },
  {
    name: 'with as much literal text: fewer placeholders, then literal text read first from the left',
    routes: [
      ['/s/{a}.{b}', ['GET']],
      ['/s/{a}.', ['GET']],
      ['/t/{x}a', ['GET']],
      ['/t/a{x}', ['GET']],
    ],
    requests: [
      ['GET', '/s/x.y.', 1, { a: 'x.y' }],
      ['GET', '/s/x.y', 0, { a: 'x', b: 'y' }],
      ['GET', '/t/aba', 3, { x: 'ba' }],
      ['GET', '/t/bba', 2, { x: 'bb' }],
    ],
    bothOrders: true,
  },
  {
    name: 'literal text read first from the left wins whatever its character: ~{x} over {x}~',
    routes: [
      ['/u/{x}~', ['GET']],
      ['/u/~{x}', ['GET']],
    ],
    requests: [
      ['GET', '/u/~a~', 1, { x: 'a~' }],
      ['GET', '/u/a~', 0, { x: 'a' }],
      ['GET', '/u/~a', 1, { x: 'a' }],
    ],
    bothOrders: true,
  },
  {
    name: 'an earlier segment decides before a later one',
    routes: [
      ['/p/{y}/edit', ['GET']],
      ['/p/v{n}/{x}', ['GET']],
    ],
    requests: [
      ['GET', '/p/v1/edit', 1, { n: '1', x: 'edit' }],
      ['GET', '/p/w1/edit', 0, { y: 'w1' }],
      ['GET', '/p/v1/show', 1, { n: '1', x: 'show' }],
    ],
    bothOrders: true,
  },
  {
    name: 'routes of the same shape: the earlier-registered wins',
    routes: [
      ['/p/{id}', ['GET']],
      ['/p/{slug}', ['GET', 'POST']],
    ],
    requests: [
      ['GET', '/p/1', 0, { id: '1' }],
      ['POST', '/p/1', 1, { slug: '1' }],
      ['PUT', '/p/1', { allowed: ['GET', 'POST'] }],
    ],
    bothOrders: false,
  },
  {
    name: 'routes of the same shape registered the other way round: the earlier-registered wins',
    routes: [
      ['/p/{slug}', ['GET', 'POST']],
      ['/p/{id}', ['GET']],
    ],
    requests: [
      ['GET', '/p/1', 0, { slug: '1' }],
      ['PUT', '/p/1', { allowed: ['GET', 'POST'] }],
    ],
    bothOrders: false,
  },
  {
    name: 'the winning route must allow the method: the next route in precedence answers',
    routes: [
      ['/p/{id}.json', ['POST']],
      ['/p/v{n}', ['PUT']],
      ['/p/{slug}', ['GET']],
    ],
    requests: [
      ['POST', '/p/v1.json', 0, { id: 'v1' }],
      ['PUT', '/p/v1.json', 1, { n: '1.json' }],
      ['DELETE', '/p/v1.json', { allowed: ['POST', 'PUT', 'GET'] }],
      ['GET', '/p/v1.json', 2, { slug: 'v1.json' }],
      ['PUT', '/p/v1', 1, { n: '1' }],
      ['GET', '/p/v1', 2, { slug: 'v1' }],
      ['DELETE', '/p/v1', { allowed: ['PUT', 'GET'] }],
    ],
    bothOrders: false,
  },
  {
    name: 'a token failing on the winning route lets the next route in precedence answer',
    tokens: true,
    routes: [
      ['/p/{id}.json', ['GET'], { id: '\\d+' }],
      ['/p/v{n}', ['GET'], { n: '\\d+' }],
      ['/p/{slug}', ['GET']],
    ],
    requests: [
      ['GET', '/p/1.json', 0, { id: '1' }],
      ['GET', '/p/x.json', 2, { slug: 'x.json' }],
      ['GET', '/p/v2', 1, { n: '2' }],
      ['GET', '/p/vx', 2, { slug: 'vx' }],
    ],
    bothOrders: true,
  },
  {
    name: 'a token failing on the winning route falls back past a later literal segment',
    tokens: true,
    routes: [
      ['/p/{y}/edit', ['GET']],
      ['/p/v{n}/{x}', ['GET'], { n: '\\d+' }],
    ],
    requests: [
      ['GET', '/p/v1/edit', 1, { n: '1', x: 'edit' }],
      ['GET', '/p/vx/edit', 0, { y: 'vx' }],
      ['GET', '/p/vx/show', 'plain failure'],
    ],
    bothOrders: true,
  },
  {
    name: 'routes of the same shape with tokens: the earlier-registered whose token holds wins',
    tokens: true,
    routes: [
      ['/p/{id}', ['GET'], { id: '\\d+' }],
      ['/p/{slug}', ['GET']],
      ['/p/{num}', ['GET'], { num: '\\d+' }],
    ],
    requests: [
      ['GET', '/p/1', 0, { id: '1' }],
      ['GET', '/p/x', 1, { slug: 'x' }],
    ],
    bothOrders: false,
  },
];

function check(router: ReturnType<typeof routerWith>, routes: readonly Route[], request: Expectation): void {
  const [method, path, expected] = request;
  const result = match(router, method, path);
  if (typeof expected === 'number') expectSuccess(result, routes[expected] as Route, request[3] ?? {});
  else if (expected === 'plain failure') expectPlainFailure(result);
  else expectMethodFailure(result, expected.allowed);
}

/** Which of several matching routes answers: the contract's one precedence, the same in every adapter. */
export function precedenceCases(ctx: ContractContext): ContractGroup {
  return defineGroup('precedence', (it) => {
    for (const entry of CASES) {
      if (entry.tokens === true && !ctx.capabilities.tokens) continue;
      const orders = entry.bothOrders ? ['as listed', 'in reverse'] : ['as listed'];
      it.each(orders)(`${entry.name} (registered %s)`, (order) => {
        const routes = entry.routes.map(([path, methods, tokens]) => route(path, methods, tokens));
        const registered = order === 'as listed' ? routes : [...routes].reverse();
        const router = routerWith(ctx, ...registered);
        for (const request of entry.requests) check(router, routes, request);
      });
    }
  });
}
