import { prefixOption, type RedisConnectionOptions, type StoreClient, storeClient } from './redis-client';

/** What every store of this package has: a key prefix and a client, which `close()` quits if the store made it. */
export abstract class RedisStore {
  /** Put before every key this store writes. */
  readonly prefix: string;
  protected readonly connection: StoreClient;

  protected constructor(
    store: string,
    options: RedisConnectionOptions & { readonly prefix?: string },
    defaultPrefix: string,
  ) {
    this.prefix = prefixOption(store, options.prefix, defaultPrefix);
    this.connection = storeClient(store, options);
  }

  /** Closes the client when the store made it (a client passed as `client` is left open). */
  async close(): Promise<void> {
    const { client, owned } = this.connection;
    if (owned) await client.quit().catch(() => client.disconnect());
  }
}
