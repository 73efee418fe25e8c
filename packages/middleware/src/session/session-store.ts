/** A session as a store keeps it. Times are milliseconds since the epoch. */
export interface StoredSession {
  /** The session's data: JSON values by key, in an object with a null prototype. */
  readonly data: Readonly<Record<string, unknown>>;
  /** When the session began (at `regenerate()`, or when it was first saved); the absolute timeout counts from here. */
  readonly createdAt: number;
  /** When a request last used it; the idle timeout counts from here. */
  readonly touchedAt: number;
  /** The user `regenerate({ userId })` bound it to. */
  readonly userId?: string;
  /** That user's generation when it was bound (see the `generation` option of `session()`). */
  readonly generation?: number;
}

/** What one request changed in a session: only the keys it wrote or deleted. */
export interface SessionChange {
  /** Keys written, with their new JSON values. */
  readonly set: Readonly<Record<string, unknown>>;
  /** Keys deleted. */
  readonly unset: readonly string[];
  /** When the request used the session. */
  readonly touchedAt: number;
  /** Present only for a session that is not stored yet: when it began. */
  readonly createdAt?: number;
}

/**
 * Where `session()` keeps store-backed sessions. Ids are at least 128 random bits, base64url. Each
 * method is one atomic operation (one Lua script in Redis); `ttl` is in milliseconds, after which the
 * store MUST forget the session.
 *
 * Two requests of one session may save at the same time: `set` merges the keys a request changed into
 * what is stored, so each keeps the other's keys (the last write of one key wins).
 */
export interface SessionStore {
  /** The session `id`, or undefined when the store has none (never stored, destroyed, expired). */
  get(id: string): Promise<StoredSession | undefined>;
  /**
   * Applies `change` to the session `id` and sets its time to live to `ttl`: writes `change.set`,
   * deletes `change.unset`, keeps every other key, records `touchedAt`. When `id` is absent, the store
   * creates it only if `change.createdAt` is given; otherwise it MUST change nothing, so a request that
   * finishes after another destroyed the session never brings it back.
   */
  set(id: string, change: SessionChange, ttl: number): Promise<void>;
  /** Forgets the session `id` (nothing happens when it is absent). */
  destroy(id: string): Promise<void>;
  /**
   * Replaces `oldId` by `newId` in ONE operation: `oldId` is deleted and `session` written under
   * `newId` with time to live `ttl`, so no moment exists where the old id still works alongside the
   * new one (session fixation). `oldId` may be absent.
   */
  rotate(oldId: string, newId: string, session: StoredSession, ttl: number): Promise<void>;
}
