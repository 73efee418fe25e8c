import { invalidOption, MiddlewareError } from '../errors';

/**
 * Checks an options argument once, when a middleware is made: it is absent or a plain object, and
 * each of its own keys is one the middleware knows (compared as own names, so `constructor` or
 * `__proto__` never pass for an option). An unknown key is named, with the closest known one when it
 * is a likely typo. Returns the options as a null-prototype record that has only the own values.
 */
export function checkOptions(
  middleware: string,
  options: unknown,
  known: readonly string[],
): Readonly<Record<string, unknown>> {
  const own: Record<string, unknown> = Object.create(null);
  if (options === undefined) return own;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new MiddlewareError(
      'FRAMEWORK_ERR_MIDDLEWARE_INVALID_OPTION',
      `${middleware}: the options must be an object, got ${describe(options)}.`,
    );
  }
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      const close = closest(key, known);
      throw invalidOption(
        middleware,
        key,
        `is not an option of ${middleware}${close === undefined ? '' : `; did you mean \`${close}\``}. ` +
          `Its options are: ${known.join(', ')}.`,
      );
    }
    own[key] = (options as Record<string, unknown>)[key];
  }
  return own;
}

/** A short description of a value for an error message. */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : `${typeof value} ${String(value)}`;
}

function closest(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(key.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] as number;
}
