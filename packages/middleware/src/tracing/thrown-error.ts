import { readErrorField } from '@framework/application';

// A class name of the usual shape; anything else (a hostile or odd `name`) is recorded as `_OTHER`.
const TYPE_NAME = /^[A-Za-z_$][\w$.]{0,63}$/;

/** `error.type` for a thrown value: its `name` (`TypeError`, `ApplicationError`) when it is sane, else `_OTHER`. */
export function errorTypeOf(error: unknown): string {
  const name = readErrorField(error, 'name');
  return typeof name === 'string' && TYPE_NAME.test(name) ? name : '_OTHER';
}
