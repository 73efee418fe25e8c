import { ApplicationError } from '../errors/application-error';

/** The error for a middleware (the entry before `index`) that called its handler a second time. */
export function nextCalledTwice(
  entries: readonly { readonly label: string }[],
  index: number,
): ApplicationError {
  const caller = entries[index - 1];
  return new ApplicationError(
    'FRAMEWORK_ERR_MIDDLEWARE_NEXT_CALLED_TWICE',
    `${caller === undefined ? 'A middleware' : caller.label} called handler.handle() more than once. ` +
      'Call it at most once per request.',
  );
}
