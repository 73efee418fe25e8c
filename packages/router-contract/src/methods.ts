import { RouterError } from './errors';

/** Passed as the method list of a route that answers any HTTP method. */
export const HTTP_METHOD_ANY = null;

/**
 * The methods a router that needs every method listed registers for a route without a method list,
 * in that order.
 */
export const EXPLICIT_METHODS: readonly string[] = /* @__PURE__ */ Object.freeze([
  'HEAD',
  'OPTIONS',
  'GET',
  'POST',
  'PATCH',
  'PUT',
  'TRACE',
  'DELETE',
]);

/** The methods a router that needs every method listed honours for a route with an empty method list. */
export const EMPTY_LIST_EXPLICIT_METHODS: readonly string[] = /* @__PURE__ */ Object.freeze([
  'GET',
  'HEAD',
  'OPTIONS',
]);

// RFC 9110 section 5.6.2: a method is a token.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Validates method names, upper-cases them and drops repeats, keeping the first occurrence's position.
 * `null`/`undefined` stands for any method and is returned as `null`.
 */
export function normalizeMethods(methods: readonly string[] | null | undefined): string[] | null {
  if (methods === null || methods === undefined) return HTTP_METHOD_ANY;
  if (!Array.isArray(methods)) {
    throw new RouterError(
      'FRAMEWORK_ERR_ROUTE_INVALID_METHOD',
      `Route methods must be an array of method names or null, got ${typeof methods}.`,
    );
  }
  const normalized: string[] = [];
  for (const method of methods) {
    if (typeof method !== 'string' || !TOKEN.test(method)) {
      throw new RouterError(
        'FRAMEWORK_ERR_ROUTE_INVALID_METHOD',
        `Invalid HTTP method ${JSON.stringify(method)}: a method is a token of letters, digits and !#$%&'*+-.^_\`|~.`,
      );
    }
    const upper = method.toUpperCase();
    if (!normalized.includes(upper)) normalized.push(upper);
  }
  return normalized;
}
