export { rateLimit, RateLimitMiddleware } from './rate-limit';
export type { RateLimitOptions, StoreErrorMode } from './rate-limit-options';
export type { RateLimitLogger } from './guarded-store';
export { RateLimitError } from './rate-limit-error';
export type { RateLimitHit, RateLimitQuota, RateLimitStore } from './rate-limit-store';
export {
  DEFAULT_RATE_LIMIT_KEYS,
  MemoryRateLimitStore,
  type MemoryRateLimitStoreOptions,
} from './memory-store';
export { addressBucket, clientAddressKey, UNKNOWN_CLIENT_KEY } from './client-address-key';
export { MAX_PLAIN_KEY_LENGTH } from './long-key';
export { gcraHit, gcraNow, gcraSchedule, gcraStep, type GcraSchedule, type GcraStep } from './gcra';
