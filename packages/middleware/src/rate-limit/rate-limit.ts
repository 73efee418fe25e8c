import type { AnyResponse, RequestHandler, ServerMiddleware, ServerRequest } from '@framework/application';
import { MiddlewareError } from '../errors';
import { editHeaders } from '../shared/edit-headers';
import { STORE_UNAVAILABLE } from '../shared/store-outage';
import { unavailableResponse } from '../shared/unavailable-response';
import { GuardedStore } from './guarded-store';
import { storedKey } from './long-key';
import { RateLimitError } from './rate-limit-error';
import { addRateLimitFields, fieldRecord, type HeaderChoice, rateLimitFields } from './rate-limit-headers';
import { type RateLimitOptions, type RateLimitSettings, rateLimitSettings } from './rate-limit-options';
import type { RateLimitQuota } from './rate-limit-store';

/**
 * Limits how often each client may call: `limit` requests per `window` milliseconds per key (by
 * default the client address, normalised), counted with GCRA in a store (by default this process's
 * memory, bounded in keys). An allowed request's answer carries `RateLimit-Policy` and `RateLimit`
 * (and the `X-RateLimit-*` fields when asked); a refused one is a 429 problem+json with `Retry-After`.
 * When the store fails or is slow, the request is let through or answered 503, as `onStoreError` says.
 */
export class RateLimitMiddleware implements ServerMiddleware {
  readonly name: string;
  readonly quota: RateLimitQuota;
  private readonly settings: RateLimitSettings;
  private readonly store: GuardedStore;
  private readonly headers: HeaderChoice;

  constructor(options: RateLimitOptions) {
    const settings = rateLimitSettings(options);
    this.settings = settings;
    this.name = settings.name;
    this.quota = Object.freeze({ limit: settings.limit, windowMs: settings.windowMs });
    this.headers = { standard: settings.standardHeaders, legacy: settings.legacyHeaders };
    this.store = new GuardedStore(settings.store, settings.storeTimeout, settings.logger, {
      policy: settings.name,
      mode: settings.onStoreError,
    });
  }

  async process(request: ServerRequest, handler: RequestHandler): Promise<AnyResponse> {
    const key = await this.keyOf(request);
    const now = this.settings.now();
    const hit = await this.store.hit(key, 1, this.quota, now);
    if (hit === STORE_UNAVAILABLE) {
      return this.settings.onStoreError === 'fail-open' ? handler.handle(request) : storeUnavailable();
    }
    const fields = rateLimitFields(this.name, this.quota, hit, now, this.headers);
    if (!hit.allowed) {
      const retryAfter = String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000)));
      throw new RateLimitError({ ...fieldRecord(fields), 'retry-after': retryAfter });
    }
    const response = await handler.handle(request);
    return fields.length === 0
      ? response
      : editHeaders(response, (headers) => addRateLimitFields(headers, fields));
  }

  private async keyOf(request: ServerRequest): Promise<string> {
    const key = await this.settings.key(request);
    if (typeof key !== 'string' || key === '')
      throw new MiddlewareError(
        'FRAMEWORK_ERR_RATE_LIMIT_INVALID_KEY',
        `rateLimit "${this.name}": the key function must return a non-empty string, got ${typeof key === 'string' ? 'an empty string' : typeof key}.`,
      );
    return `${this.name}:${await storedKey(key)}`;
  }
}

function storeUnavailable(): AnyResponse {
  return unavailableResponse(
    'FRAMEWORK_ERR_RATE_LIMIT_STORE_UNAVAILABLE',
    'The rate limit cannot be checked right now; try again shortly.',
  );
}

/**
 * Rate limiting; see `RateLimitMiddleware`. Pipe it for the whole application, on a path, or in a
 * route's middleware list for a stricter limit there.
 *
 * @example
 * app.pipe(rateLimit({ limit: 300, window: 60_000 }));
 * app.post('/login', [rateLimit({ name: 'login', limit: 5, window: 60_000 }), login]);
 */
export function rateLimit(options: RateLimitOptions): RateLimitMiddleware {
  return new RateLimitMiddleware(options);
}
