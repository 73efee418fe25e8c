import type { ClientRouteOf, DeclarationOf } from './client-route';

/** The key a route has in `ClientRoutes`: `GET /notes/{id}`. */
type KeyOf<Route, Prefix extends string> =
  ClientRouteOf<DeclarationOf<Route>, Prefix> extends {
    readonly method: infer Method extends string;
    readonly path: infer Path extends string;
  }
    ? `${Method} ${Path}`
    : never;

/** The declared routes directly in an object of routes, keyed by method and client path. */
type OwnRoutes<Api, Prefix extends string> = {
  readonly [
    K in keyof Api as [DeclarationOf<Api[K]>] extends [never] ? never : KeyOf<Api[K], Prefix>
  ]: ClientRouteOf<DeclarationOf<Api[K]>, Prefix>;
};

/** Turns a union of objects into their intersection. */
type Intersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
  value: infer Both,
) => void
  ? Both
  : never;

/** The routes of the objects an object of routes holds under a key that is a mount path (`'/admin'`). */
type MountedRoutes<Api, Prefix extends string> = {
  [K in keyof Api]: K extends `/${string}`
    ? [DeclarationOf<Api[K]>] extends [never]
      ? ClientRoutes<Api[K], `${Prefix}${K}`>
      : never
    : never;
}[keyof Api];

/**
 * Every route of an object of declared routes, flat, keyed by method and path (`GET /notes/{id}`): the
 * routes `get()`, `post()` … returned, and those of objects kept under a mount path key (`'/admin'`).
 *
 * @example
 * const api = { list: app.get('/notes', list), '/admin': { stats: admin.get('/stats', stats) } };
 * type Routes = ClientRoutes<typeof api>; // 'GET /notes' | 'GET /admin/stats' as keys
 */
export type ClientRoutes<Api, Prefix extends string = ''> = OwnRoutes<Api, Prefix> &
  ([MountedRoutes<Api, Prefix>] extends [never] ? unknown : Intersection<MountedRoutes<Api, Prefix>>);
