import { RouterError, type Route } from '@framework/router-contract';

/**
 * Checks the values given to `generateUri` the way the contract's `generatePath` does (every
 * placeholder present and non-empty, each value satisfying its token) and returns them as strings.
 */
export function uriParams(
  route: Route<unknown>,
  params: Readonly<Record<string, unknown>>,
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
