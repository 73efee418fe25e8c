import { MiddlewareError } from '../errors';

/** Shortest secret accepted for signing cookies (characters). */
export const MIN_COOKIE_SECRET_LENGTH = 32;

/** Fewest different characters, whitespace not counted, that a secret must hold. */
const MIN_DISTINCT_CHARACTERS = 8;

/**
 * Throws unless `secret` is a string of at least 32 characters with at least 8 different
 * non-whitespace ones: a secret of spaces or one repeated character passes any length check yet is
 * guessed at once. `where` names the caller in the message.
 */
export function checkCookieSecret(secret: unknown, where: string): asserts secret is string {
  if (typeof secret === 'string' && secret.length >= MIN_COOKIE_SECRET_LENGTH) {
    const distinct = new Set(secret.replace(/\s/g, ''));
    if (distinct.size >= MIN_DISTINCT_CHARACTERS) return;
  }
  throw new MiddlewareError(
    'FRAMEWORK_ERR_COOKIE_WEAK_SECRET',
    `${where} must be a string of at least ${MIN_COOKIE_SECRET_LENGTH} characters with at least ` +
      `${MIN_DISTINCT_CHARACTERS} different ones besides whitespace; generate one with ` +
      `\`node -e "console.log(require('node:crypto').randomBytes(32).toString('base64url'))"\`.`,
  );
}
