import { RouterError } from './errors';
import type { Route } from './route';

/**
 * Builds a path from a route's template: values are stringified and percent-encoded as URI components,
 * checked against the route's tokens, and every missing placeholder is named in one error.
 * Adapters may use it to implement `Router.generateUri`.
 */
export function generatePath(route: Route, params: Readonly<Record<string, unknown>> = {}): string {
  const { template } = route;
  const missing = template.paramNames.filter(
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
  let path = '';
  for (const part of template.parts) {
    if (part.kind === 'static') {
      path += part.text;
      continue;
    }
    const value = String(params[part.name]);
    const token = tokens[part.name];
    if (token !== undefined && !token.test(value)) {
      throw new RouterError(
        'FRAMEWORK_ERR_ROUTER_PARAM_MISMATCH',
        `Route "${route.getName()}": value ${JSON.stringify(value)} for {${part.name}} does not match ${token.source}.`,
      );
    }
    path += encodeURIComponent(value);
  }
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
