import { invalidOption } from '../errors';
import { describe } from '../shared/check-options';

/** The realm when none is given. */
export const DEFAULT_REALM = 'Restricted';

// Printable ASCII without `"` and `\`, so a realm is always a plain quoted-string and never changes the header.
const REALM = /^[\x20\x21\x23-\x5b\x5d-\x7e]{1,128}$/;

/** The `realm` option, checked: printable ASCII, no quote or backslash, at most 128 characters. */
export function realmOption(middleware: string, realm: unknown): string {
  if (realm === undefined) return DEFAULT_REALM;
  if (typeof realm === 'string' && REALM.test(realm)) return realm;
  throw invalidOption(
    middleware,
    'realm',
    `must be 1 to 128 printable ASCII characters without \`"\` or \`\\\`, got ${describe(realm)}.`,
  );
}

/** A `WWW-Authenticate` challenge: `Bearer realm="api", error="invalid_token"`. */
export function challenge(
  scheme: 'Basic' | 'Bearer',
  realm: string,
  params: Record<string, string> = {},
): string {
  let value = `${scheme} realm="${realm}"`;
  for (const name of Object.keys(params)) value += `, ${name}="${params[name]}"`;
  return value;
}
