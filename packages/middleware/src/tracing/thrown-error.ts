/** The status the application answers a thrown value with: its `status` or `statusCode` in 400-599, else 500. */
export function statusOfThrown(error: unknown): number {
  const status = field(error, 'status');
  const candidate = typeof status === 'number' ? status : field(error, 'statusCode');
  return typeof candidate === 'number' && Number.isInteger(candidate) && candidate >= 400 && candidate <= 599
    ? candidate
    : 500;
}

// A class name of the usual shape; anything else (a hostile or odd `name`) is recorded as `_OTHER`.
const TYPE_NAME = /^[A-Za-z_$][\w$.]{0,63}$/;

/** `error.type` for a thrown value: its `name` (`TypeError`, `ApplicationError`) when it is sane, else `_OTHER`. */
export function errorTypeOf(error: unknown): string {
  const name = field(error, 'name');
  return typeof name === 'string' && TYPE_NAME.test(name) ? name : '_OTHER';
}

/** A field of a thrown value, read so that a throwing getter or a proxy never escapes. */
function field(error: unknown, name: string): unknown {
  if (error === null || (typeof error !== 'object' && typeof error !== 'function')) return undefined;
  try {
    return (error as Record<string, unknown>)[name];
  } catch {
    return undefined;
  }
}
