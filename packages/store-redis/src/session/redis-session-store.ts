import type { SessionChange, SessionStore, StoredSession } from '@framework/middleware';
import { StoreRedisError } from '../errors';
import type { RedisConnectionOptions } from '../redis-client';
import { RedisStore } from '../redis-store';
import { changeFields, sessionFields, sessionOf } from './session-hash';
import { SESSION_ROTATE, SESSION_SET } from './session-scripts';

/** Options of `new RedisSessionStore(options)`: a connection, and the prefix of its keys. */
export interface RedisSessionStoreOptions extends RedisConnectionOptions {
  /** Put before every session id (default `'framework:session:'`); one per application sharing a server. */
  readonly prefix?: string;
}

/** The ids this store looks up: base64url, from 128 bits (22 characters) to 256 characters. */
const STORE_ID = /^[A-Za-z0-9_-]{22,256}$/;

/**
 * A `SessionStore` in Redis for `session()`, shared by every process and machine that uses the same
 * server and prefix. One hash per session (`prefix + id`), each data key a field of its own, with a
 * time to live: `set` merges the keys a request changed in one Lua script (two requests of one
 * session that change different keys both keep theirs), and `rotate` deletes the old id and writes the
 * new one in one Lua script (session fixation). Every command fails after the command timeout when
 * Redis is away or stalled; `session({ onStoreError })` decides what the request gets then.
 *
 * @example
 * const store = new RedisSessionStore({ redis: process.env.REDIS_URL!, commandTimeout: 300 });
 * app.pipe(session({ secret: process.env.SESSION_SECRET!, store, secure: true }));
 */
export class RedisSessionStore extends RedisStore implements SessionStore {
  constructor(options: RedisSessionStoreOptions) {
    super('RedisSessionStore', options, 'framework:session:');
  }

  /** The session `id`; an id that is not base64url of 22 to 256 characters is absent without a lookup. */
  async get(id: string): Promise<StoredSession | undefined> {
    if (!STORE_ID.test(id)) return undefined;
    const key = this.prefix + id;
    return sessionOf(await this.client.hgetall(key), key);
  }

  /** Merges `change` into the session in one script; an absent session is created only with `createdAt`. */
  async set(id: string, change: SessionChange, ttl: number): Promise<void> {
    const { pairs, unset } = changeFields(change);
    await SESSION_SET.run(
      this.client,
      [this.key(id)],
      [
        ttlOf(ttl),
        change.createdAt === undefined ? '' : String(change.createdAt),
        pairs.length / 2,
        ...pairs,
        ...unset,
      ],
    );
  }

  async destroy(id: string): Promise<void> {
    if (STORE_ID.test(id)) await this.client.del(this.prefix + id);
  }

  /**
   * Deletes `oldId` and writes `session` under `newId` in one script; an `oldId` that is not
   * base64url of 22 to 256 characters names no session of this store, and no key is deleted for it.
   */
  async rotate(oldId: string, newId: string, session: StoredSession, ttl: number): Promise<void> {
    const newKey = this.key(newId);
    await SESSION_ROTATE.run(
      this.client,
      [STORE_ID.test(oldId) ? this.prefix + oldId : newKey, newKey],
      [ttlOf(ttl), ...sessionFields(session)],
    );
  }

  /** The key of an id the store writes: a malformed one is a caller's bug, refused before Redis sees it. */
  private key(id: string): string {
    if (!STORE_ID.test(id))
      throw new StoreRedisError(
        'FRAMEWORK_ERR_STORE_REDIS_INVALID_ID',
        'RedisSessionStore: a session id to write must be base64url of 22 to 256 characters.',
      );
    return this.prefix + id;
  }
}

/** Whole milliseconds, at least one (PEXPIRE with 0 would delete the key at once). */
function ttlOf(ttl: number): number {
  return Math.max(1, Math.ceil(ttl));
}
