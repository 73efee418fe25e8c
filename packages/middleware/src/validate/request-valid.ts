import { ServerRequest } from '@framework/application';
import { MiddlewareError } from '../errors';

/** Request attribute holding what the `validate()` middleware before the handler validated, merged. */
export const VALID_ATTRIBUTE = 'Framework\\Middleware\\Valid';

/** `values` merged over what an earlier `validate()` put on the request: the next `request.valid`. */
export function mergedValid(request: ServerRequest, values: object): object {
  const before = request.getAttribute<object | undefined>(VALID_ATTRIBUTE);
  return Object.freeze(Object.assign(Object.create(null), before, values));
}

function validOf(request: ServerRequest): unknown {
  const valid = request.getAttribute<unknown>(VALID_ATTRIBUTE);
  if (valid === undefined) {
    throw new MiddlewareError(
      'FRAMEWORK_ERR_VALIDATION_NOT_RUN',
      'request.valid needs validate() before this handler; no validate() checked this request.',
    );
  }
  return valid;
}

// Typed only where it is set: a route's list types the entries after validate() with `valid`.
if (!Object.prototype.hasOwnProperty.call(ServerRequest.prototype, 'valid')) {
  Object.defineProperty(ServerRequest.prototype, 'valid', {
    configurable: true,
    get(this: ServerRequest) {
      return validOf(this);
    },
  });
}
