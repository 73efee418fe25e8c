import type { ApplicationError } from '../errors/application-error';
import type { Middleware } from '../pipeline/types';
import { isMiddlewareForm } from '../resolver/middleware-form';
import { describeConfigValue } from './describe-config-value';

const FORMS = 'a service name, a function, a class, an object with process() or handle(), or a list of these';

/**
 * Checks the shape of a configured middleware value (spec 2.4, 4.6.5) and returns it typed: a
 * non-empty service name, a function or class, an object with `process()` or `handle()` (or a Variant A
 * marker), or a non-empty list of these (a nested pipe, which may hold the routing/dispatch constants).
 * `key` names the value in errors, e.g. `routes[0].middleware` or `middleware_pipeline["auth"].middleware[1]`.
 */
export function checkMiddleware(
  key: string,
  value: unknown,
  invalid: (message: string) => ApplicationError,
): Middleware {
  if (value === undefined) throw invalid(`${key} is required.`);
  check(key, value, invalid);
  return value as Middleware;
}

function check(key: string, value: unknown, invalid: (message: string) => ApplicationError): void {
  if (Array.isArray(value)) {
    if (value.length === 0) throw invalid(`${key} must not be an empty list.`);
    value.forEach((item: unknown, index) => check(`${key}[${index}]`, item, invalid));
    return;
  }
  const accepted = typeof value === 'string' ? value !== '' : isMiddlewareForm(value);
  if (!accepted) throw invalid(`${key} must be ${FORMS}; got ${describeConfigValue(value)}.`);
}
