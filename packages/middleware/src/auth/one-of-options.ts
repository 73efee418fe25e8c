import { invalidOption } from '../errors';
import { describe } from '../shared/check-options';

/**
 * The one option of `names` that `own` gives; throws, naming them, when none or several are given
 * (`secret` and `jwks` at once would leave unsaid which one verifies).
 */
export function oneOf<Name extends string>(middleware: string, own: object, names: readonly Name[]): Name {
  const given = names.filter((name) => (own as Record<string, unknown>)[name] !== undefined);
  if (given.length === 1) return given[0] as Name;
  const list = names.map((name) => `\`${name}\``).join(', ');
  throw given.length === 0
    ? invalidOption(middleware, names[0] as string, `is missing: give one of ${list}.`)
    : invalidOption(
        middleware,
        given[1] as string,
        `cannot be given with \`${given[0]}\`: give one of ${list}.`,
      );
}

/** A `verify` callback option, checked to be a function. */
export function verifyOption<F>(middleware: string, verify: unknown): F {
  if (typeof verify === 'function') return verify as F;
  throw invalidOption(middleware, 'verify', `must be a function, got ${describe(verify)}.`);
}
