import { ServerRequest } from '@framework/application';
import { MiddlewareError } from '../errors';
import { parseCookieHeader, type RequestCookies } from './parse-cookie-header';
import { verifiedValue } from './sign-cookie';

/** Request attribute holding the secrets of the `cookies({ secret })` middleware. */
export const COOKIE_SECRETS_ATTRIBUTE = 'Framework\\Middleware\\CookieSecrets';

declare module '@framework/application' {
  interface ServerRequest {
    /**
     * The request's cookies by name (null prototype), parsed on first read and shared by every request
     * derived from the same message. Added by importing `@framework/middleware`.
     */
    readonly cookies: RequestCookies;
    /**
     * The signed cookies whose signature one of the secrets of `cookies({ secret })` verifies, with the
     * signature removed (null prototype). Cookies with a wrong or missing signature are absent.
     */
    readonly signedCookies: RequestCookies;
  }
}

// Keyed by the headers object, which every request derived from one message shares.
const parsedCookies = new WeakMap<object, RequestCookies>();

function cookiesOf(request: ServerRequest): RequestCookies {
  const headers = request.headers;
  let cookies = parsedCookies.get(headers);
  if (cookies === undefined) {
    cookies = parseCookieHeader(request.header('cookie'));
    parsedCookies.set(headers, cookies);
  }
  return cookies;
}

function signedCookiesOf(request: ServerRequest): RequestCookies {
  const secrets = request.getAttribute<readonly string[] | undefined>(COOKIE_SECRETS_ATTRIBUTE);
  if (secrets === undefined) {
    throw new MiddlewareError(
      'FRAMEWORK_ERR_COOKIE_NO_SECRET',
      'request.signedCookies needs the cookies({ secret }) middleware piped before this handler.',
    );
  }
  const signed: Record<string, string> = Object.create(null);
  const cookies = cookiesOf(request);
  for (const name in cookies) {
    const value = verifiedValue(name, cookies[name] as string, secrets);
    if (value !== false) signed[name] = value;
  }
  return Object.freeze(signed);
}

if (!Object.prototype.hasOwnProperty.call(ServerRequest.prototype, 'cookies')) {
  Object.defineProperties(ServerRequest.prototype, {
    cookies: {
      configurable: true,
      get(this: ServerRequest) {
        return cookiesOf(this);
      },
    },
    signedCookies: {
      configurable: true,
      get(this: ServerRequest) {
        return signedCookiesOf(this);
      },
    },
  });
}
