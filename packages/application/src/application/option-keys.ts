import { likelyKey } from '../config/likely-key';
import { ApplicationError } from '../errors/application-error';

/**
 * The keys of an options interface, every one listed once: a key missing from `keys` or not in `T`
 * is a compile error, so the run-time list follows the type.
 */
/* @__NO_SIDE_EFFECTS__ */
export function optionKeys<T>(keys: { readonly [K in keyof Required<T>]: true }): readonly string[] {
  return Object.keys(keys);
}

/**
 * The first own key of `options` outside `known`, with the known key it most likely misspells; with
 * `typosOnly`, the first that misspells one (keys far from every known one pass).
 */
export function unknownKey(
  options: object,
  known: readonly string[],
  typosOnly = false,
): { readonly key: string; readonly likely: string | undefined } | undefined {
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    const likely = likelyKey(key, known);
    if (likely !== undefined || !typosOnly) return { key, likely };
  }
  return undefined;
}

/**
 * Refuses an option the receiver does not read (`FRAMEWORK_ERR_APP_UNKNOWN_OPTION`; with `typosOnly`,
 * only one that misspells a known option), naming it and the known option it most likely misspells: what the types check, checked at run time too, for
 * JavaScript callers, casts and type-stripping runners. Anything but an object is left to the
 * receiver's own checks.
 */
export function checkOptionKeys(
  receiver: string,
  options: unknown,
  known: readonly string[],
  typosOnly = false,
): void {
  if (options === null || typeof options !== 'object') return;
  const unknown = unknownKey(options, known, typosOnly);
  if (unknown === undefined) return;
  const hint =
    unknown.likely === undefined
      ? `it reads ${known.map((key) => JSON.stringify(key)).join(', ')}.`
      : `did you mean ${JSON.stringify(unknown.likely)}?`;
  throw new ApplicationError(
    'FRAMEWORK_ERR_APP_UNKNOWN_OPTION',
    `Unknown option ${JSON.stringify(unknown.key)} of ${receiver}: ${hint}`,
  );
}
