import type { ServerRequest } from '@framework/application';
import type { SessionState } from './session-state';

/** Where a session lives between requests: in a store, or sealed in its cookie. */
export interface SessionBackend {
  /** The request's session, or a fresh one when it has none that is valid, alive and current. */
  load(request: ServerRequest): Promise<SessionState>;
  /** Makes `state`, whose id just replaced `oldId`, durable at once (a store rotates in one operation). */
  rotate(state: SessionState, oldId: string): Promise<void>;
  /** Forgets the session `state` holds, at once. */
  destroy(state: SessionState): Promise<void>;
  /** Saves what the request changed, to live `ttl` milliseconds; returns the cookie's new value. */
  save(state: SessionState, request: ServerRequest, now: number, ttl: number): Promise<string>;
}
