import { Redis, type RedisOptions } from 'ioredis';
import { invalidOption } from './errors';

/** How a store reaches Redis: a client of the application's, or what to make one of. */
export interface RedisConnectionOptions {
  /**
   * An ioredis client the application made and closes itself. Give it a `commandTimeout`, or a
   * command may wait as long as Redis is away.
   */
  readonly client?: Redis;
  /** A `redis://` URL or ioredis options for a client the store makes and `close()` closes. */
  readonly redis?: string | RedisOptions;
  /** Milliseconds a command may take before it fails, for a client the store makes (default 500). */
  readonly commandTimeout?: number;
}

/** The command timeout of the clients the stores make. */
export const DEFAULT_COMMAND_TIMEOUT = 500;

/** A client the store uses, and whether the store made it (and so closes it). */
export interface StoreClient {
  readonly client: Redis;
  readonly owned: boolean;
}

/**
 * The client of a store: the one given, or a new one whose every command fails after
 * `commandTimeout` at the latest (ioredis starts the timer when the command is issued, queued
 * while connecting or not) and is not sent again after a lost connection, so a request never waits
 * on Redis longer than that; the client keeps reconnecting in the background.
 */
export function storeClient(store: string, options: RedisConnectionOptions): StoreClient {
  if ((options.client === undefined) === (options.redis === undefined))
    throw invalidOption(
      store,
      options.client === undefined ? 'redis' : 'client',
      'and its alternative: give exactly one of `client` and `redis`.',
    );
  if (options.client !== undefined) {
    if (options.commandTimeout !== undefined)
      throw invalidOption(
        store,
        'commandTimeout',
        'applies only to a client the store makes: set it on your own client.',
      );
    if (typeof options.client.evalsha !== 'function')
      throw invalidOption(store, 'client', 'must be an ioredis client.');
    return { client: options.client, owned: false };
  }
  const commandTimeout = options.commandTimeout ?? DEFAULT_COMMAND_TIMEOUT;
  if (!Number.isInteger(commandTimeout) || commandTimeout < 1)
    throw invalidOption(
      store,
      'commandTimeout',
      `must be a whole number of milliseconds from 1, got ${String(commandTimeout)}.`,
    );
  const safe: RedisOptions = { commandTimeout, maxRetriesPerRequest: 0 };
  const redis = options.redis;
  if (typeof redis !== 'string' && (typeof redis !== 'object' || redis === null))
    throw invalidOption(store, 'redis', `must be a redis:// URL or ioredis options, got ${typeof redis}.`);
  const client = typeof redis === 'string' ? new Redis(redis, safe) : new Redis({ ...safe, ...redis });
  // Connection errors reach the store as rejected commands, which rateLimit logs once per outage;
  // without a listener ioredis would print each failed reconnection.
  client.on('error', () => undefined);
  return { client, owned: true };
}

/** A key prefix option: printable, no spaces, at most 100 characters. */
export function prefixOption(store: string, prefix: unknown, fallback: string): string {
  if (prefix === undefined) return fallback;
  if (typeof prefix === 'string' && /^[\x21-\x7e]{0,100}$/.test(prefix)) return prefix;
  throw invalidOption(store, 'prefix', 'must be at most 100 printable characters without spaces.');
}
