export {
  STORE_REDIS_ERROR_CODES,
  StoreRedisError,
  type StoreRedisErrorCode,
  type StoreRedisErrorInfo,
} from './errors';
export { DEFAULT_COMMAND_TIMEOUT, type RedisConnectionOptions } from './redis-client';
export { RedisRateLimitStore, type RedisRateLimitStoreOptions } from './rate-limit/redis-rate-limit-store';
export { RedisSessionStore, type RedisSessionStoreOptions } from './session/redis-session-store';
