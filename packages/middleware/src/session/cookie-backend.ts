import type { ServerRequest } from '@framework/application';
import { open, seal } from './sealed-cookie';
import { fromPayload, toPayload } from './sealed-payload';
import type { SessionBackend } from './session-backend';
import type { SessionCookie } from './session-cookie';
import { isUsable } from './session-lifetime';
import type { SessionKeys } from './session-keys';
import type { SessionSettings } from './session-options';
import { SessionState } from './session-state';

/**
 * Cookie-only sessions: the whole session sealed (AES-256-GCM) in its cookie, nothing kept on the
 * server. A copy of a cookie stays valid until it expires, even after `destroy()`, unless the user's
 * generation moves on (the `generation` option).
 */
export class CookieBackend implements SessionBackend {
  constructor(
    private readonly settings: SessionSettings,
    private readonly cookie: SessionCookie,
    private readonly keys: SessionKeys,
  ) {}

  async load(request: ServerRequest): Promise<SessionState> {
    const now = this.settings.now();
    const value = this.cookie.read(request);
    if (value === undefined) return SessionState.fresh(now, false);
    const json = await open(this.keys, this.cookie.nameFor(request), value);
    const opened = json === undefined ? undefined : fromPayload(json);
    if (opened === undefined || !(await isUsable(opened.session, this.settings, now)))
      return SessionState.fresh(now, true);
    return SessionState.loaded(opened.id, opened.session);
  }

  async rotate(): Promise<void> {
    // Nothing is kept on the server: the new cookie replaces the old one when the answer goes out.
  }

  async destroy(): Promise<void> {
    // Nothing is kept on the server; the cookie is dropped when the answer goes out.
  }

  async save(state: SessionState, request: ServerRequest, now: number): Promise<string> {
    return seal(this.keys, this.cookie.nameFor(request), toPayload(state, now));
  }
}
