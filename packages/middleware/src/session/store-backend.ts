import type { ServerRequest } from '@framework/application';
import type { SessionBackend } from './session-backend';
import type { SessionCookie } from './session-cookie';
import { isSessionId } from './session-id';
import { isUsable, timeToLive } from './session-lifetime';
import type { SessionSettings } from './session-options';
import { SessionState } from './session-state';
import type { SessionStore } from './session-store';

/** Sessions kept in a `SessionStore`; the cookie carries only the id. */
export class StoreBackend implements SessionBackend {
  constructor(
    private readonly settings: SessionSettings,
    private readonly cookie: SessionCookie,
    private readonly store: SessionStore,
  ) {}

  async load(request: ServerRequest): Promise<SessionState> {
    const now = this.settings.now();
    const id = this.cookie.read(request);
    if (!isSessionId(id)) return SessionState.fresh(now, id !== undefined);
    const stored = await this.store.get(id);
    if (stored === undefined) return SessionState.fresh(now, true);
    if (!(await isUsable(stored, this.settings, now))) {
      await this.store.destroy(id);
      return SessionState.fresh(now, true);
    }
    return SessionState.loaded(id, stored);
  }

  async rotate(state: SessionState, oldId: string): Promise<void> {
    const now = this.settings.now();
    await this.store.rotate(
      oldId,
      state.id,
      state.toStored(now),
      timeToLive(state.createdAt, this.settings, now),
    );
    state.stored = true;
    state.changed.clear();
  }

  async destroy(state: SessionState): Promise<void> {
    if (state.stored) await this.store.destroy(state.id);
  }

  async save(state: SessionState, _request: ServerRequest, now: number, ttl: number): Promise<string> {
    await this.store.set(state.id, state.toChange(now), ttl);
    return state.id;
  }
}
