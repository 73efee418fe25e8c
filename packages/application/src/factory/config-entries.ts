import { isPlainObject } from '../config/is-plain-object';
import type { ApplicationError } from '../errors/application-error';
import { describeConfigValue } from './describe-config-value';

/** One entry of a `routes` or `middleware_pipeline` section and the label errors name it by. */
export interface LabelledEntry {
  /** `middleware_pipeline[2]` for a list, `middleware_pipeline["auth"]` for an object. */
  readonly label: string;
  readonly value: unknown;
}

/**
 * The entries of a config section in config order: a list gives `section[index]` labels, an object
 * (whose keys only matter for merging, spec 2.4) gives `section["key"]` labels over its own keys.
 * An absent section has no entries; anything else throws the error `invalid` makes.
 */
export function configEntries(
  section: string,
  value: unknown,
  invalid: (message: string) => ApplicationError,
): LabelledEntry[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) {
    return value.map((entry: unknown, index) => ({ label: `${section}[${index}]`, value: entry }));
  }
  if (isPlainObject(value)) {
    return Object.keys(value).map((key) => ({
      label: `${section}[${JSON.stringify(key)}]`,
      value: value[key],
    }));
  }
  throw invalid(`${section} must be a list or an object of entries; got ${describeConfigValue(value)}.`);
}

/** Throws for the first own key of `entry` that is not in `allowed` (a typo must not be ignored). */
export function checkKeys(
  label: string,
  entry: Record<string, unknown>,
  allowed: readonly string[],
  invalid: (message: string) => ApplicationError,
): void {
  for (const key of Object.keys(entry)) {
    if (!allowed.includes(key)) {
      throw invalid(
        `${label}.${key} is not a supported key; use ${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}.`,
      );
    }
  }
}
