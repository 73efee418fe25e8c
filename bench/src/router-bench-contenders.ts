import { Route, type Router } from '@framework/router-contract';
import { ExplicitMethodsRouter } from '@framework/router-explicit-methods';
import { PathToRegexpRouter } from '@framework/router-ptr';
import { Router as KoaRouter } from '@koa/router';
import findMyWay from 'find-my-way';
import { match } from 'path-to-regexp';
import type { GithubRoute } from './github-routes';

/** One router under test: built from a table, then asked `lookup(method, path)` many times. */
export interface Contender {
  readonly name: string;
  /** Returns a lookup function; its result must be truthy on a hit (checked once before timing). */
  readonly build: (routes: readonly GithubRoute[]) => (method: string, path: string) => unknown;
}

const toColon = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');
function noop(): void {}

function adapter(name: string, create: () => Router): Contender {
  return {
    name,
    build(routes) {
      const router = create();
      for (const { method, path } of routes)
        router.addRoute(new Route(path, noop, [method], `${method} ${path}`));
      return (method, path) => router.match({ method, path }).isSuccess();
    },
  };
}

const rawFindMyWay: Contender = {
  name: 'find-my-way (raw)',
  build(routes) {
    const router = findMyWay();
    for (const { method, path } of routes) router.on(method as 'GET', toColon(path), noop);
    return (method, path) => router.find(method as 'GET', path);
  },
};

const rawPathToRegexp: Contender = {
  name: 'path-to-regexp 8 (raw linear scan)',
  build(routes) {
    const table = routes.map(({ method, path }) => ({
      method,
      match: match(toColon(path), { sensitive: true, trailing: false }),
    }));
    return (method, path) => {
      for (const entry of table) {
        if (entry.method !== method) continue;
        const found = entry.match(path);
        if (found !== false) return found;
      }
      return undefined;
    };
  },
};

const rawKoaRouter: Contender = {
  name: '@koa/router 15 (raw match)',
  build(routes) {
    const router = new KoaRouter({ sensitive: true, strict: true });
    for (const { method, path } of routes) router.register(toColon(path), [method], noop);
    return (method, path) => router.match(path, method).route;
  },
};

/** The contenders, with FindMyWayRouter when @framework/router-fmw is built. */
export function contenders(): Contender[] {
  const list = [rawFindMyWay];
  const fmw = loadFindMyWayRouter();
  if (fmw !== undefined) list.push(adapter('FindMyWayRouter', fmw));
  list.push(
    rawPathToRegexp,
    adapter('PathToRegexpRouter', () => new PathToRegexpRouter()),
    rawKoaRouter,
    adapter('ExplicitMethodsRouter', () => new ExplicitMethodsRouter()),
  );
  return list;
}

function loadFindMyWayRouter(): (() => Router) | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { FindMyWayRouter } = require('@framework/router-fmw') as { FindMyWayRouter: new () => Router };
    return () => new FindMyWayRouter();
  } catch {
    return undefined;
  }
}
