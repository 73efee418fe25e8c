/**
 * Reads one field of a thrown value without trusting it: undefined when the value is not an object, or
 * when reading throws (a getter that throws, a revoked Proxy). Every read of an unknown thrown value goes
 * through here, so no error can break the code that answers it.
 */
export function readErrorField(error: unknown, name: string): unknown {
  if (error === null || (typeof error !== 'object' && typeof error !== 'function')) return undefined;
  try {
    return (error as Record<string, unknown>)[name];
  } catch {
    return undefined;
  }
}

/** `String(error)`, or a placeholder when converting throws (`toString` that throws, no prototype). */
export function describeThrown(error: unknown): string {
  try {
    return String(error);
  } catch {
    return 'a thrown value that cannot be converted to a string';
  }
}

/** `error instanceof type`, false when asking throws (a revoked Proxy, a throwing `getPrototypeOf` trap). */
export function isInstanceOf<T>(error: unknown, type: abstract new (...args: never[]) => T): error is T {
  try {
    return error instanceof type;
  } catch {
    return false;
  }
}
