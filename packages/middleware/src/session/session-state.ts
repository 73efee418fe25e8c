import { newSessionId } from './session-id';
import type { SessionChange, StoredSession } from './session-store';

/** What one request holds of its session while it runs; `Session` is its public face. */
export class SessionState {
  readonly data = new Map<string, unknown>();
  /** Keys written or deleted by this request. */
  readonly changed = new Set<string>();
  userId: string | undefined;
  generation: number | undefined;
  /** Whether the client holds this session (its cookie, and with a store the stored session). */
  stored: boolean;
  /** The cookie the client sent must be dropped (destroyed, expired, revoked, tampered with) unless a new session replaces it. */
  dropCookie: boolean;
  /** Save even without data: the session was regenerated or handed out a CSRF token. */
  keep = false;
  /** The store could not be reached: nothing is saved and the client's cookie is left as it is. */
  detached = false;

  private constructor(
    public id: string,
    public createdAt: number,
    stored: boolean,
    dropCookie: boolean,
  ) {
    this.stored = stored;
    this.dropCookie = dropCookie;
  }

  /** A new empty session; `dropCookie` when the client sent one that is no good. */
  static fresh(now: number, dropCookie: boolean): SessionState {
    return new SessionState(newSessionId(), now, false, dropCookie);
  }

  /** The session `id` as stored. */
  static loaded(id: string, stored: StoredSession): SessionState {
    const state = new SessionState(id, stored.createdAt, true, false);
    for (const key of Object.keys(stored.data)) state.data.set(key, stored.data[key]);
    state.userId = stored.userId;
    state.generation = stored.generation;
    return state;
  }

  /** A new empty session, kept apart from the store that could not be reached (`onStoreError: 'fail-open'`). */
  static detached(now: number): SessionState {
    const state = SessionState.fresh(now, false);
    state.detached = true;
    return state;
  }

  /** Whether the end of the request must write the session (and its cookie). */
  mustSave(rolling: boolean): boolean {
    if (this.keep) return true;
    if (this.stored) return rolling || this.changed.size > 0;
    return this.data.size > 0;
  }

  /** The whole session as a store keeps it. */
  toStored(now: number): StoredSession {
    return {
      data: this.snapshot(),
      createdAt: this.createdAt,
      touchedAt: now,
      ...(this.userId !== undefined && { userId: this.userId }),
      ...(this.generation !== undefined && { generation: this.generation }),
    };
  }

  /** What this request changed: only its own keys for a stored session, everything for a new one. */
  toChange(now: number): SessionChange {
    if (!this.stored) return { set: this.snapshot(), unset: [], touchedAt: now, createdAt: this.createdAt };
    const set: Record<string, unknown> = Object.create(null);
    const unset: string[] = [];
    for (const key of this.changed) {
      if (this.data.has(key)) set[key] = this.data.get(key);
      else unset.push(key);
    }
    return { set, unset, touchedAt: now };
  }

  /** A new id and a new start for the same data, to be saved; returns the old id. */
  renew(now: number): string {
    const oldId = this.id;
    this.id = newSessionId();
    this.createdAt = now;
    this.keep = true;
    return oldId;
  }

  /** Forgets everything: a new id, no data, no user; the client's cookie is dropped unless saved again. */
  reset(now: number): void {
    this.id = newSessionId();
    this.createdAt = now;
    this.data.clear();
    this.changed.clear();
    this.userId = undefined;
    this.generation = undefined;
    this.stored = false;
    this.keep = false;
    this.dropCookie = true;
  }

  private snapshot(): Record<string, unknown> {
    const data: Record<string, unknown> = Object.create(null);
    for (const [key, value] of this.data) data[key] = value;
    return data;
  }
}
