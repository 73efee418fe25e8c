import { HttpError } from '@framework/application';
import { MIDDLEWARE_ERROR_CODES } from '../errors';

/**
 * The error `rateLimit()` throws to refuse a request: the application answers it as a 429
 * problem+json with `Retry-After` and the rate-limit header fields. A 4xx: it reaches no `onError`.
 */
export class RateLimitError extends HttpError {
  readonly code = 'FRAMEWORK_ERR_RATE_LIMITED';

  constructor(headers: Readonly<Record<string, string>>) {
    super(
      MIDDLEWARE_ERROR_CODES.FRAMEWORK_ERR_RATE_LIMITED.status,
      'Too many requests: retry after the time Retry-After says.',
      {
        headers,
      },
    );
  }
}
