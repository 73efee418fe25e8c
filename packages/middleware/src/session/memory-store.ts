import { invalidOption } from '../errors';
import { checkOptions } from '../shared/check-options';
import type { SessionChange, SessionStore, StoredSession } from './session-store';

/** Sessions a memory store keeps by default before it drops the least recently used. */
export const DEFAULT_MAX_SESSIONS = 10_000;

/** Options of `memoryStore()`. */
export interface MemoryStoreOptions {
  /**
   * Most sessions kept (default 10 000). When a new one would pass it, the least recently used session
   * is dropped (its user is signed out), so a client minting sessions cannot grow the process.
   */
  readonly maxSessions?: number;
  /** The clock, in milliseconds since the epoch (default `Date.now`); `session()` passes its own. */
  readonly now?: () => number;
}

interface Entry {
  /** Each value as JSON text, so nothing a handler keeps a reference to changes what is stored. */
  readonly fields: Map<string, string>;
  readonly createdAt: number;
  touchedAt: number;
  readonly userId: string | undefined;
  readonly generation: number | undefined;
  expiresAt: number;
}

/**
 * Sessions in this process's memory: the default store of `session()`, for development and for one
 * process. Bounded in keys (`maxSessions`), least recently used dropped first; expired sessions are
 * forgotten when next touched or pushed out. Every method runs to its end without awaiting, so each
 * is atomic. Sessions are lost on restart and not shared between workers: use a shared store there.
 */
export class MemorySessionStore implements SessionStore {
  private readonly entries = new Map<string, Entry>();
  private readonly maxSessions: number;
  private readonly now: () => number;

  constructor(options?: MemoryStoreOptions) {
    const { maxSessions = DEFAULT_MAX_SESSIONS, now = Date.now } = checkOptions('memoryStore', options, [
      'maxSessions',
      'now',
    ]) as MemoryStoreOptions;
    if (!Number.isSafeInteger(maxSessions) || maxSessions < 1)
      throw invalidOption('memoryStore', 'maxSessions', 'must be a whole number from 1.');
    if (typeof now !== 'function') throw invalidOption('memoryStore', 'now', 'must be a function.');
    this.maxSessions = maxSessions;
    this.now = now;
  }

  /** How many sessions are held (expired ones included until they are next touched or pushed out). */
  get size(): number {
    return this.entries.size;
  }

  async get(id: string): Promise<StoredSession | undefined> {
    const entry = this.live(id);
    if (entry === undefined) return undefined;
    this.markUsed(id, entry);
    const data: Record<string, unknown> = Object.create(null);
    for (const [key, json] of entry.fields) data[key] = JSON.parse(json);
    return {
      data,
      createdAt: entry.createdAt,
      touchedAt: entry.touchedAt,
      ...(entry.userId !== undefined && { userId: entry.userId }),
      ...(entry.generation !== undefined && { generation: entry.generation }),
    };
  }

  async set(id: string, change: SessionChange, ttl: number): Promise<void> {
    let entry = this.live(id);
    if (entry === undefined) {
      if (change.createdAt === undefined) return;
      entry = this.add(id, { data: {}, createdAt: change.createdAt, touchedAt: change.touchedAt }, ttl);
    }
    for (const key of Object.keys(change.set)) entry.fields.set(key, JSON.stringify(change.set[key]));
    for (const key of change.unset) entry.fields.delete(key);
    entry.touchedAt = change.touchedAt;
    entry.expiresAt = this.now() + ttl;
    this.markUsed(id, entry);
  }

  async destroy(id: string): Promise<void> {
    this.entries.delete(id);
  }

  async rotate(oldId: string, newId: string, session: StoredSession, ttl: number): Promise<void> {
    this.entries.delete(oldId);
    this.add(newId, session, ttl);
  }

  private add(id: string, session: StoredSession, ttl: number): Entry {
    this.entries.delete(id);
    while (this.entries.size >= this.maxSessions) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    const fields = new Map<string, string>();
    for (const key of Object.keys(session.data)) fields.set(key, JSON.stringify(session.data[key]));
    const entry: Entry = {
      fields,
      createdAt: session.createdAt,
      touchedAt: session.touchedAt,
      userId: session.userId,
      generation: session.generation,
      expiresAt: this.now() + ttl,
    };
    this.entries.set(id, entry);
    return entry;
  }

  private live(id: string): Entry | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined || entry.expiresAt > this.now()) return entry;
    this.entries.delete(id);
    return undefined;
  }

  // A Map iterates in insertion order: moving a used entry to the end keeps the least recently used first.
  private markUsed(id: string, entry: Entry): void {
    this.entries.delete(id);
    this.entries.set(id, entry);
  }
}

/**
 * A bounded in-memory session store; see `MemorySessionStore`.
 *
 * @example
 * app.pipe(session({ secret, store: memoryStore({ maxSessions: 50_000 }) }));
 */
export function memoryStore(options?: MemoryStoreOptions): MemorySessionStore {
  return new MemorySessionStore(options);
}
