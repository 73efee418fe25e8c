import type { AnyResponse, RequestHandler, ServerMiddleware, ServerRequest } from '@framework/application';
import { MiddlewareError } from '../errors';
import { STORE_UNAVAILABLE } from '../shared/store-outage';
import { unavailableResponse } from '../shared/unavailable-response';
import { CookieBackend } from './cookie-backend';
import { MemorySessionStore } from './memory-store';
import { Session } from './session';
import type { SessionBackend } from './session-backend';
import { SessionCookie } from './session-cookie';
import { SessionKeys } from './session-keys';
import { timeToLive } from './session-lifetime';
import { type SessionOptions, type SessionSettings, sessionSettings } from './session-options';
import type { SessionState } from './session-state';
import { StoreBackend } from './store-backend';

/** Request attribute holding the request's `Session`. */
export const SESSION_ATTRIBUTE = 'Framework\\Middleware\\Session';

/**
 * Sessions: loads the request's session before the handler (a fresh empty one when it has none, or
 * one that is tampered with, expired, destroyed or revoked; never an error), and after the handler
 * saves what it changed and sets the cookie. Store-backed by default (a bounded memory store), or
 * cookie-only (`store: 'cookie'`, sealed with AES-256-GCM). Read it with `getSession(request)` or
 * `middleware.get(request)`. When the store fails or is slower than `storeTimeout`, the request gets
 * a 503 or goes on without its session, as `onStoreError` says.
 */
export class SessionMiddleware<Data extends object = Record<string, unknown>> implements ServerMiddleware {
  private readonly settings: SessionSettings;
  private readonly cookie: SessionCookie;
  private readonly backend: SessionBackend;
  private readonly keys: SessionKeys;

  constructor(options: SessionOptions) {
    const settings = sessionSettings(options);
    const cookie = new SessionCookie(settings);
    this.settings = settings;
    this.cookie = cookie;
    this.keys = new SessionKeys(settings.secrets);
    this.backend =
      settings.store === 'cookie'
        ? new CookieBackend(settings, cookie, this.keys)
        : new StoreBackend(settings, cookie, settings.store ?? new MemorySessionStore({ now: settings.now }));
  }

  async process(request: ServerRequest, handler: RequestHandler): Promise<AnyResponse> {
    const state = await this.backend.load(request);
    if (state === STORE_UNAVAILABLE) return storeUnavailable();
    const session = new Session<Data>({
      state,
      backend: this.backend,
      keys: this.keys,
      settings: this.settings,
    });
    const response = await handler.handle(request.withAttribute(SESSION_ATTRIBUTE, session));
    return this.commit(state, request, response);
  }

  /** Saves what the request changed and sets, renews or drops the cookie on `response`. */
  private async commit(
    state: SessionState,
    request: ServerRequest,
    response: AnyResponse,
  ): Promise<AnyResponse> {
    if (state.detached) return response;
    if (!state.mustSave(this.settings.rolling))
      return state.dropCookie ? this.cookie.drop(response, request) : response;
    const now = this.settings.now();
    const ttl = timeToLive(state.createdAt, this.settings, now);
    if (ttl <= 0) {
      // Past its absolute timeout: the store's own expiry forgets it if it cannot be reached now.
      await this.backend.destroy(state).catch(() => undefined);
      return this.cookie.drop(response, request);
    }
    const value = await this.backend.save(state, request, now, ttl);
    if (value === STORE_UNAVAILABLE)
      return this.settings.onStoreError === 'fail-open' ? response : storeUnavailable();
    return this.cookie.write(response, request, value, ttl);
  }

  /** The session of `request`, typed by this middleware's `Data`. */
  get(request: ServerRequest): Session<Data> {
    return getSession<Data>(request);
  }
}

function storeUnavailable(): AnyResponse {
  return unavailableResponse(
    'FRAMEWORK_ERR_SESSION_STORE_UNAVAILABLE',
    'The session cannot be read or saved right now; try again shortly.',
  );
}

/**
 * Session middleware; see `SessionMiddleware`. Declare the data to type it.
 *
 * @example
 * const sessions = session<{ userId: string; theme: 'dark' | 'light' }>({ secret: process.env.SESSION_SECRET! });
 * app.pipe(sessions);
 * app.post('/login', async (request) => {
 *   const user = await users.verify(await request.form());
 *   const current = sessions.get(request);
 *   await current.regenerate({ userId: user.id });
 *   current.set('userId', user.id);
 *   return new RedirectResponse('/');
 * });
 */
export function session<Data extends object = Record<string, unknown>>(
  options: SessionOptions,
): SessionMiddleware<Data> {
  return new SessionMiddleware<Data>(options);
}

/**
 * The session of `request`, typed by the `Data` you declare; throws `FRAMEWORK_ERR_SESSION_NOT_RUN`
 * when no `session()` middleware saw the request.
 */
export function getSession<Data extends object = Record<string, unknown>>(
  request: ServerRequest,
): Session<Data> {
  const found = request.getAttribute<Session<Data> | undefined>(SESSION_ATTRIBUTE);
  if (found === undefined) {
    throw new MiddlewareError(
      'FRAMEWORK_ERR_SESSION_NOT_RUN',
      'getSession(request) needs the session() middleware piped before this handler.',
    );
  }
  return found;
}
