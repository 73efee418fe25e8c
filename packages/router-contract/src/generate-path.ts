import { RouterError } from './errors';
import type { Route } from './route';

/** A UTF-16 surrogate without its pair: it has no UTF-8 form, so it cannot be percent-encoded. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Checks the values given to `generateUri` (every placeholder has one, not `null`, `undefined` or `''`;
 * each satisfies its token once stringified, is well-formed Unicode, and makes no segment `.` or `..`)
 * and returns them as strings in a null-prototype object, for adapters whose library builds the path.
 * Every missing placeholder is named in one error.
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
    if (LONE_SURROGATE.test(value)) {
      throw paramError(
        route,
        name,
        value,
        'is not well-formed Unicode (a lone surrogate) and cannot be percent-encoded',
      );
    }
    values[name] = value;
  }
  refuseDotSegments(route, values);
  return values;
}

/**
 * Refuses values that make a segment `.` or `..` (`/files/{name}` with `..`): percent-encoding leaves
 * dots as they are, and a client resolves such a segment to another path (`/files/..` is `/`).
 */
function refuseDotSegments(route: Route, values: Readonly<Record<string, string>>): void {
  let segment = '';
  let filledBy: string | undefined;
  const check = (): void => {
    if (filledBy !== undefined && (segment === '.' || segment === '..')) {
      throw paramError(
        route,
        filledBy,
        values[filledBy] as string,
        `would make the segment "${segment}", which a client resolves to another path`,
      );
    }
  };
  for (const part of route.template.parts) {
    if (part.kind === 'param') {
      segment += values[part.name];
      filledBy = part.name;
      continue;
    }
    const pieces = part.text.split('/');
    segment += pieces[0];
    for (let i = 1; i < pieces.length; i++) {
      check();
      segment = pieces[i] as string;
      filledBy = undefined;
    }
  }
  check();
}

function paramError(route: Route, name: string, value: string, problem: string): RouterError {
  return new RouterError(
    'FRAMEWORK_ERR_ROUTER_PARAM_MISMATCH',
    `Route "${route.getName()}": value ${JSON.stringify(value)} for {${name}} ${problem}.`,
  );
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
