import { Route } from '../route';
import { defineGroup, type ContractGroup } from './contract-group';
import { expectOutcome, match, type Outcome } from './helpers';
import type { ContractContext } from './options';

/*
 * Regression cases, one entry each, named after what they guard (an issue, a fuzzer finding).
 * To add one, append an entry to REGRESSION_CASES: routes are added in order, then each request is
 * matched. Entries are plain data: add one and nothing else changes.
 */

/** A route of a regression case; `name` defaults as `Route` does. */
export interface RegressionRoute {
  readonly path: string;
  /** Omitted or `null`: any method. */
  readonly methods?: readonly string[] | null;
  readonly tokens?: Readonly<Record<string, string>>;
  readonly name?: string;
}

/** What one request must give: the named route with these params, a method failure, or a plain failure. */
export type RegressionExpectation =
  | { readonly route: string; readonly params?: Readonly<Record<string, string>> }
  | { readonly allowed: readonly string[] }
  | { readonly failure: 'plain' };

/** A request of a regression case and what matching it must give. */
export interface RegressionRequest {
  readonly method: string;
  readonly path: string;
  readonly expect: RegressionExpectation;
}

/** One regression: the routes to add, then requests and what each must give. */
export interface RegressionCase {
  /** Shown as the test name: say what it guards, e.g. "fuzz 0007: %2F inside a param". */
  readonly name: string;
  /** Registered only when each listed capability has this value (for example `{ tokens: true }`). */
  readonly when?: { readonly tokens?: boolean; readonly explicitMethods?: boolean };
  readonly routes: readonly RegressionRoute[];
  readonly requests: readonly RegressionRequest[];
}

/** Every regression case of the contract, run by `describeRouterContract` against each adapter. */
export const REGRESSION_CASES: readonly RegressionCase[] = [
  {
    name: 'an encoded slash inside a param stays inside the param',
    routes: [
      { path: '/files/{name}', methods: ['GET'] },
      { path: '/files/{dir}/{name}', methods: ['GET'] },
    ],
    requests: [
      {
        method: 'GET',
        path: '/files/a%2Fb',
        expect: { route: '/files/{name}^GET', params: { name: 'a/b' } },
      },
      {
        method: 'GET',
        path: '/files/a/b',
        expect: { route: '/files/{dir}/{name}^GET', params: { dir: 'a', name: 'b' } },
      },
    ],
  },
  {
    name: 'a literal "*" segment next to a placeholder segment',
    routes: [
      { path: '/a/*', methods: ['GET'] },
      { path: '/a/{x}', methods: ['GET'] },
    ],
    requests: [
      { method: 'GET', path: '/a/*', expect: { route: '/a/*^GET' } },
      { method: 'GET', path: '/a/b', expect: { route: '/a/{x}^GET', params: { x: 'b' } } },
      { method: 'GET', path: '/a/b/c', expect: { failure: 'plain' } },
    ],
  },
  {
    name: 'a token failing on the first route falls back to a placeholder in an earlier segment',
    when: { tokens: true },
    routes: [
      { path: '/en/{id}', methods: ['GET'], tokens: { id: '\\d+' } },
      { path: '/{lang}/{page}', methods: ['GET'] },
    ],
    requests: [
      { method: 'GET', path: '/en/12', expect: { route: '/en/{id}^GET', params: { id: '12' } } },
      {
        method: 'GET',
        path: '/en/about',
        expect: { route: '/{lang}/{page}^GET', params: { lang: 'en', page: 'about' } },
      },
    ],
  },
  {
    name: 'fuzz: a later placeholder of a segment may hold the literal text before it',
    routes: [{ path: '/{a}-{b}', methods: ['GET'] }],
    requests: [
      { method: 'GET', path: '/1-2-', expect: { route: '/{a}-{b}^GET', params: { a: '1', b: '2-' } } },
      { method: 'GET', path: '/1--', expect: { route: '/{a}-{b}^GET', params: { a: '1', b: '-' } } },
      { method: 'GET', path: '/1-', expect: { failure: 'plain' } },
    ],
  },
  {
    name: 'fuzz: a token in a two-placeholder segment picks the split that satisfies it',
    when: { tokens: true },
    routes: [{ path: '/{a}.{b}', methods: ['GET'], tokens: { a: '[^.]+' } }],
    requests: [
      { method: 'GET', path: '/a.b.1', expect: { route: '/{a}.{b}^GET', params: { a: 'a', b: 'b.1' } } },
      { method: 'GET', path: '/a.b', expect: { route: '/{a}.{b}^GET', params: { a: 'a', b: 'b' } } },
      { method: 'GET', path: '/.a.b', expect: { failure: 'plain' } },
    ],
  },
  {
    name: 'adapters chose differently between matching placeholder routes ({id}.json or v{n} against a bare {x})',
    routes: [
      { path: '/p/{id}.json', methods: ['GET'] },
      { path: '/p/{slug}', methods: ['GET'] },
      { path: '/q/{x}', methods: ['GET'] },
      { path: '/q/v{n}', methods: ['GET'] },
    ],
    requests: [
      { method: 'GET', path: '/p/1.json', expect: { route: '/p/{id}.json^GET', params: { id: '1' } } },
      { method: 'GET', path: '/q/v1', expect: { route: '/q/v{n}^GET', params: { n: '1' } } },
    ],
  },
];

function applies(entry: RegressionCase, ctx: ContractContext): boolean {
  const when = entry.when ?? {};
  return (Object.keys(when) as (keyof typeof when)[]).every((flag) => when[flag] === ctx.capabilities[flag]);
}

function outcomeFor(wanted: RegressionExpectation): Outcome {
  if ('route' in wanted) return { kind: 'success', route: wanted.route, params: { ...wanted.params } };
  if ('allowed' in wanted) return { kind: 'method failure', allowed: [...wanted.allowed] };
  return { kind: 'plain failure' };
}

export function regressionCases(ctx: ContractContext): ContractGroup {
  return defineGroup('regressions', (it) => {
    for (const entry of REGRESSION_CASES.filter((each) => applies(each, ctx))) {
      it(entry.name, () => {
        const router = ctx.createRouter();
        for (const spec of entry.routes) {
          const built = new Route(spec.path, `${spec.path} handler`, spec.methods, spec.name);
          if (spec.tokens !== undefined) built.setOptions({ tokens: spec.tokens });
          router.addRoute(built);
        }
        for (const request of entry.requests) {
          expectOutcome(match(router, request.method, request.path), outcomeFor(request.expect));
        }
      });
    }
  });
}
