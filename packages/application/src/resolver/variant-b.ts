import { ApplicationError } from '../errors/application-error';
import { describeMiddleware } from './describe-middleware';
import type { MiddlewareVariant } from './middleware-variant';
import { variantAKind } from './variant-a-kind';

/**
 * Variant B: middleware is `(request, handler)`, an object with `process()` or `handle()`, a class or
 * a service name. A Variant A form (`doublePass(fn)`, `errorMiddleware(fn)`, a function of 3 or 4
 * parameters, an object with `processError()`) is refused with an error saying how to accept it,
 * rather than being called with the wrong arguments.
 */
export const variantB: MiddlewareVariant = {
  resolve(candidate) {
    if (isVariantAForm(candidate)) {
      throw new ApplicationError(
        'FRAMEWORK_ERR_MIDDLEWARE_VARIANT_A_OFF',
        `Cannot use ${describeMiddleware(candidate)}: it is Variant A middleware and this application ` +
          'takes Variant B only. Build it with AppFactory.create(), or new Application(router, { variant: variantA }).',
      );
    }
    return undefined;
  },
  isErrorMiddleware: () => false,
  limitToPath: (_prefix, middleware) => middleware,
  firstStep: () => undefined,
};

function isVariantAForm(value: unknown): boolean {
  return (
    variantAKind(value) !== undefined ||
    (value !== null &&
      typeof value === 'object' &&
      typeof (value as { processError?: unknown }).processError === 'function')
  );
}
