import { ApplicationError } from '../errors/application-error';
import { describeValue } from '../resolver/describe-middleware';

/** Throws `FRAMEWORK_ERR_MIDDLEWARE_UNSUPPORTED_FORM` unless `fn` is a function. */
export function checkCallable(wrapper: string, fn: unknown, signature: string): void {
  if (typeof fn === 'function') return;
  throw new ApplicationError(
    'FRAMEWORK_ERR_MIDDLEWARE_UNSUPPORTED_FORM',
    `${wrapper}() needs a function ${signature}; got ${describeValue(fn)}.`,
  );
}
