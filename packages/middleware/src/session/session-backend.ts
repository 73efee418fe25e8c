import type { ServerRequest } from '@framework/application';
import type { STORE_UNAVAILABLE } from '../shared/store-outage';
import type { SessionState } from './session-state';

/** Where a session lives between requests: in a store, or sealed in its cookie. */
export interface SessionBackend {
  /**
   * The request's session, or a fresh one when it has none that is valid, alive and current;
   * `STORE_UNAVAILABLE` when its store cannot be reached and `onStoreError` is `'fail-closed'`.
   */
  load(request: ServerRequest): Promise<SessionState | typeof STORE_UNAVAILABLE>;
  /** Makes `state`, whose id just replaced `oldId`, durable at once (a store rotates in one operation). */
  rotate(state: SessionState, oldId: string): Promise<void>;
  /** Forgets the session `state` holds, at once. */
  destroy(state: SessionState): Promise<void>;
  /**
   * Saves what the request changed, to live `ttl` milliseconds; returns the cookie's new value, or
   * `STORE_UNAVAILABLE` when the store cannot be reached.
   */
  save(
    state: SessionState,
    request: ServerRequest,
    now: number,
    ttl: number,
  ): Promise<string | typeof STORE_UNAVAILABLE>;
}
