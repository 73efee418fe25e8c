import type { EditableHeaders } from '../shared/edit-headers';
import type { RateLimitHit, RateLimitQuota } from './rate-limit-store';

/** Which header fields a rate limit writes. */
export interface HeaderChoice {
  /** `RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers). */
  readonly standard: boolean;
  /** `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` (Unix time, seconds). */
  readonly legacy: boolean;
}

/**
 * The header fields that tell a client about one rate limit, as `[name, value]` pairs. The policy
 * name is a structured-field string, so several limits on one answer are list members
 * (`"default";q=100;w=60, "login";q=5;w=60`); seconds are rounded up.
 */
export function rateLimitFields(
  name: string,
  quota: RateLimitQuota,
  hit: RateLimitHit,
  nowMs: number,
  choice: HeaderChoice,
): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  const resetSeconds = seconds(hit.resetMs);
  if (choice.standard) {
    fields.push(['ratelimit-policy', `"${name}";q=${quota.limit};w=${seconds(quota.windowMs)}`]);
    fields.push(['ratelimit', `"${name}";r=${hit.remaining};t=${resetSeconds}`]);
  }
  if (choice.legacy) {
    fields.push(['x-ratelimit-limit', String(quota.limit)]);
    fields.push(['x-ratelimit-remaining', String(hit.remaining)]);
    fields.push(['x-ratelimit-reset', String(Math.ceil(nowMs / 1000) + resetSeconds)]);
  }
  return fields;
}

/**
 * Adds the fields to an answer: the standard ones as further list members, so an outer limit adds to
 * an inner one; the legacy ones, which hold one limit only, from the limit with the fewest remaining.
 */
export function addRateLimitFields(headers: EditableHeaders, fields: ReadonlyArray<[string, string]>): void {
  const legacyRemaining = fields.find(([name]) => name === 'x-ratelimit-remaining')?.[1];
  const present = headers.get('x-ratelimit-remaining');
  const keepLegacy =
    present !== null && legacyRemaining !== undefined && Number(present) <= Number(legacyRemaining);
  for (const [name, value] of fields) {
    if (name.startsWith('x-')) {
      if (!keepLegacy) headers.set(name, value);
    } else {
      headers.append(name, value);
    }
  }
}

/** The fields as a record, for the headers of a refusal. */
export function fieldRecord(fields: ReadonlyArray<[string, string]>): Record<string, string> {
  const record: Record<string, string> = Object.create(null);
  for (const [name, value] of fields) record[name] = value;
  return record;
}

function seconds(ms: number): number {
  return Math.ceil(ms / 1000);
}
