/** One entry of the error catalogue: the HTTP status the error answers with, and what it means. */
export interface StoreRedisErrorInfo {
  readonly status: number;
  readonly description: string;
}

/**
 * Every error `@framework/store-redis` raises carries one of these stable codes; ERRORS.md documents
 * each of them (a test checks that).
 */
export const STORE_REDIS_ERROR_CODES = {
  FRAMEWORK_ERR_STORE_REDIS_INVALID_OPTION: {
    status: 500,
    description:
      'A Redis store was given an option it cannot use (the message names the option); raised when the store is made.',
  },
  FRAMEWORK_ERR_STORE_REDIS_BAD_REPLY: {
    status: 500,
    description:
      "Redis answered a store's script with a reply of the wrong shape (a key of the store's prefix written by something else).",
  },
  FRAMEWORK_ERR_STORE_REDIS_INVALID_ID: {
    status: 500,
    description:
      'RedisSessionStore was asked to write a session id that is not base64url of 22 to 256 characters (session() never makes one).',
  },
} as const satisfies Record<string, StoreRedisErrorInfo>;

/** The `code` of every error this package throws: a key of `STORE_REDIS_ERROR_CODES`. */
export type StoreRedisErrorCode = keyof typeof STORE_REDIS_ERROR_CODES;

/** An error raised by `@framework/store-redis`. */
export class StoreRedisError extends Error {
  override readonly name = 'StoreRedisError';
  readonly status: number;

  constructor(
    readonly code: StoreRedisErrorCode,
    message: string,
  ) {
    super(message);
    this.status = STORE_REDIS_ERROR_CODES[code].status;
  }
}

/** The error for an unusable option, naming the store and the option. */
export function invalidOption(store: string, option: string, problem: string): StoreRedisError {
  return new StoreRedisError(
    'FRAMEWORK_ERR_STORE_REDIS_INVALID_OPTION',
    `${store}: option \`${option}\` ${problem}`,
  );
}
