import type { Redis } from 'ioredis';
import { prefixOption, type RedisConnectionOptions, type StoreClient, storeClient } from './redis-client';

/** What every store of this package has: a key prefix and a client, which `close()` quits if the store made it. */
export abstract class RedisStore {
  /** Put before every key this store writes. */
  readonly prefix: string;
  private readonly connection: StoreClient;

  protected constructor(
    store: string,
    options: RedisConnectionOptions & { readonly prefix?: string },
    defaultPrefix: string,
  ) {
    this.prefix = prefixOption(store, options.prefix, defaultPrefix);
    this.connection = storeClient(store, options);
  }

  /** The ioredis client the store's commands go through. */
  protected get client(): Redis {
    return this.connection.client;
  }

  /** Closes the client when the store made it (a client passed as `client` is left open). */
  async close(): Promise<void> {
    const { client, owned } = this.connection;
    if (owned) await client.quit().catch(() => client.disconnect());
  }
}
