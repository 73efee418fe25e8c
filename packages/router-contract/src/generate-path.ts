import { RouterError } from './errors';
import type { Route } from './route';

/**
 * Checks the values given to `generateUri` (every placeholder has one, not `null`, `undefined` or `''`;
 * each satisfies its token once stringified) and returns them as strings in a null-prototype object,
 * for adapters whose library builds the path. Every missing placeholder is named in one error.
 *
 * @example
 * uriParams(new Route('/post/{id}', handler), { id: 12 }); // { id: '12' }
 */
export function uriParams(
  route: Route,
  params: Readonly<Record<string, unknown>> = {},
): Record<string, string> {
  const { paramNames } = route.template;
  const missing = paramNames.filter(
    (name) =>
      !Object.prototype.hasOwnProperty.call(params, name) || params[name] == null || params[name] === '',
  );
  if (missing.length > 0) {
    throw new RouterError(
      'FRAMEWORK_ERR_ROUTER_MISSING_PARAMS',
      `Route "${route.getName()}" needs a value for: ${missing.join(', ')}.`,
    );
  }
  const tokens = route.getTokens();
  const values: Record<string, string> = Object.create(null);
  for (const name of paramNames) {
    const value = String(params[name]);
    const token = tokens[name];
    if (token !== undefined && !token.test(value)) {
      throw new RouterError(
        'FRAMEWORK_ERR_ROUTER_PARAM_MISMATCH',
        `Route "${route.getName()}": value ${JSON.stringify(value)} for {${name}} does not match ${token.source}.`,
      );
    }
    values[name] = value;
  }
  return values;
}

/**
 * Builds a path from a route's template: values are stringified and percent-encoded as URI components,
 * checked against the route's tokens, and every missing placeholder is named in one error (see
 * `uriParams`). Adapters may use it to implement `Router.generateUri`.
 */
export function generatePath(route: Route, params: Readonly<Record<string, unknown>> = {}): string {
  const values = uriParams(route, params);
  let path = '';
  for (const part of route.template.parts)
    path += part.kind === 'static' ? part.text : encodeURIComponent(values[part.name] as string);
  return path;
}

/** The error every adapter raises for an unknown route name. */
export function unknownRouteError(name: string): RouterError {
  return new RouterError('FRAMEWORK_ERR_ROUTER_UNKNOWN_ROUTE', `No route is named ${JSON.stringify(name)}.`);
}

/** Decodes one path param; `undefined` when its percent-encoding is malformed. */
export function decodePathParam(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
