import { EMPTY_LIST_EXPLICIT_METHODS, EXPLICIT_METHODS } from '@framework/router-contract';

/**
 * The methods a route answers in a router that needs every method listed (spec 4.3.2 and 4.3.4):
 * no list gives HEAD, OPTIONS, GET, POST, PATCH, PUT, TRACE, DELETE; an empty list GET, HEAD, OPTIONS.
 */
export function effectiveMethods(methods: readonly string[] | null): readonly string[] {
  if (methods === null) return EXPLICIT_METHODS;
  return methods.length === 0 ? EMPTY_LIST_EXPLICIT_METHODS : methods;
}
