import type { ServerRequest } from '@framework/application';
import { MiddlewareError } from '../errors';
import { STORE_UNAVAILABLE, StoreOutage } from '../shared/store-outage';
import type { SessionBackend } from './session-backend';
import type { SessionCookie } from './session-cookie';
import { isSessionId } from './session-id';
import { isUsable, timeToLive } from './session-lifetime';
import type { SessionSettings } from './session-options';
import { SessionState } from './session-state';
import type { SessionStore, StoredSession } from './session-store';

/**
 * Sessions kept in a `SessionStore`; the cookie carries only the id. Every store call is bounded by
 * `storeTimeout` and its outages are logged once each; what a request gets then is `onStoreError`.
 */
export class StoreBackend implements SessionBackend {
  private readonly outage: StoreOutage;

  constructor(
    private readonly settings: SessionSettings,
    private readonly cookie: SessionCookie,
    private readonly store: SessionStore,
  ) {
    this.outage = new StoreOutage(settings.storeTimeout, settings.logger, {
      middleware: 'session',
      fields: { mode: settings.onStoreError },
      countField: 'failedCalls',
    });
  }

  async load(request: ServerRequest): Promise<SessionState | typeof STORE_UNAVAILABLE> {
    const now = this.settings.now();
    const id = this.cookie.read(request);
    if (!isSessionId(id)) return SessionState.fresh(now, id !== undefined);
    const stored = await this.outage.call(() => this.store.get(id), isStoredOrAbsent);
    if (stored === STORE_UNAVAILABLE)
      return this.settings.onStoreError === 'fail-open' ? SessionState.detached(now) : STORE_UNAVAILABLE;
    if (stored === undefined) return SessionState.fresh(now, true);
    if (!(await isUsable(stored, this.settings, now))) {
      // Unusable either way; when the store is away, its expiry forgets the session later.
      await this.outage.call(() => this.store.destroy(id));
      return SessionState.fresh(now, true);
    }
    return SessionState.loaded(id, stored);
  }

  async rotate(state: SessionState, oldId: string): Promise<void> {
    const now = this.settings.now();
    const session = state.toStored(now);
    const ttl = timeToLive(state.createdAt, this.settings, now);
    this.settle(state, await this.outage.call(() => this.store.rotate(oldId, state.id, session, ttl)));
    state.stored = true;
    state.changed.clear();
  }

  async destroy(state: SessionState): Promise<void> {
    if (state.stored) this.settle(state, await this.outage.call(() => this.store.destroy(state.id)));
  }

  async save(
    state: SessionState,
    _request: ServerRequest,
    now: number,
    ttl: number,
  ): Promise<string | typeof STORE_UNAVAILABLE> {
    const saved = await this.outage.call(() => this.store.set(state.id, state.toChange(now), ttl));
    return saved === STORE_UNAVAILABLE ? STORE_UNAVAILABLE : state.id;
  }

  /** A rotation or destruction the store did not do detaches the session and fails the call. */
  private settle(state: SessionState, done: unknown): void {
    if (done !== STORE_UNAVAILABLE) return;
    state.detached = true;
    throw new MiddlewareError(
      'FRAMEWORK_ERR_SESSION_STORE_UNAVAILABLE',
      'session: the session store cannot be reached; the session was neither rotated nor destroyed.',
    );
  }
}

function isStoredOrAbsent(value: StoredSession | undefined): boolean {
  return (
    value === undefined ||
    (typeof value === 'object' &&
      value !== null &&
      typeof value.data === 'object' &&
      value.data !== null &&
      Number.isFinite(value.createdAt) &&
      Number.isFinite(value.touchedAt))
  );
}
