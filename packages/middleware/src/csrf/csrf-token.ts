import type { ServerRequest } from '@framework/application';
import { MiddlewareError } from '../errors';
import { fromBase64url, toBase64url } from '../session/base64url';
import { keysOf, type Session, stateOf } from '../session/session';
import { SESSION_ATTRIBUTE } from '../session/session-middleware';

const DIGEST_BYTES = 32;
const encoder = new TextEncoder();

/**
 * A CSRF token for the session of `request`, to put in a form (`<input type="hidden" name="_csrf">`)
 * or a header: an HMAC-SHA256 of the session id under a key derived from the session secret, masked
 * with fresh random bytes on every call (so a compressed page never repeats it; BREACH). It is good for
 * as long as the session keeps its id: `regenerate()` and `destroy()` end it. Needs `session()` before
 * the handler (`FRAMEWORK_ERR_CSRF_NO_SESSION`); a new session is saved so the token outlives the request.
 *
 * @example
 * app.get('/profile', async (request) =>
 *   new HtmlResponse(`<form method="post"><input type="hidden" name="_csrf" value="${await csrfToken(request)}">…</form>`),
 * );
 */
export async function csrfToken(request: ServerRequest): Promise<string> {
  const session = sessionOf(request);
  const state = stateOf(session);
  state.keep = true;
  const [key] = await keysOf(session).tokenKeys();
  const digest = new Uint8Array(await crypto.subtle.sign('HMAC', key!, encoder.encode(state.id)));
  const mask = crypto.getRandomValues(new Uint8Array(DIGEST_BYTES));
  const token = new Uint8Array(2 * DIGEST_BYTES);
  token.set(mask);
  for (let i = 0; i < DIGEST_BYTES; i++)
    token[DIGEST_BYTES + i] = (digest[i] as number) ^ (mask[i] as number);
  return toBase64url(token);
}

/** Whether `token` is a token `csrfToken()` made for the session of `request`, under any of the secrets. */
export async function isValidCsrfToken(request: ServerRequest, token: string): Promise<boolean> {
  const session = sessionOf(request);
  const bytes = fromBase64url(token);
  if (bytes === undefined || bytes.length !== 2 * DIGEST_BYTES) return false;
  const digest = new Uint8Array(DIGEST_BYTES);
  for (let i = 0; i < DIGEST_BYTES; i++)
    digest[i] = (bytes[i] as number) ^ (bytes[DIGEST_BYTES + i] as number);
  const id = encoder.encode(stateOf(session).id);
  for (const key of await keysOf(session).tokenKeys()) {
    // crypto.subtle.verify compares in constant time.
    if (await crypto.subtle.verify('HMAC', key, digest, id)) return true;
  }
  return false;
}

function sessionOf(request: ServerRequest): Session<object> {
  const session = request.getAttribute<Session<object> | undefined>(SESSION_ATTRIBUTE);
  if (session === undefined) {
    throw new MiddlewareError(
      'FRAMEWORK_ERR_CSRF_NO_SESSION',
      'CSRF tokens are bound to the session: pipe session() before csrf() and before handlers that call csrfToken(request).',
    );
  }
  return session;
}
