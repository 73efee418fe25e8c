import type { ServerRequest } from '@framework/application';
import { entityTagList, strongMatch, uncodedTag, weakMatch } from './entity-tags';

/** Request attribute naming the content coding `compress()` will apply to the answer, if any. */
export const CONTENT_CODING_ATTRIBUTE = 'Framework\\Middleware\\ContentCoding';

/** The validators of the representation a GET or HEAD would select. */
export interface Validators {
  readonly etag?: string | undefined;
  readonly lastModified?: string | undefined;
}

/** What the conditional headers of a GET or HEAD ask: go on, 304 Not Modified, or 412. */
export type PreconditionOutcome = 'proceed' | 'not-modified' | 'failed';

const NO_CACHE = /(?:^|,)[ \t]*no-cache[ \t]*(?:,|$)/i;

/**
 * Evaluates `If-Match`, `If-Unmodified-Since`, `If-None-Match` and `If-Modified-Since` of a GET or
 * HEAD in the order of RFC 9110 §13.2.2. `If-Match` compares strongly (a weak tag never matches
 * it), `If-None-Match` weakly, after removing the suffix of the coding `compress()` chose for this
 * request (so a client's `W/"…-br"` copy is compared with the tag the identity answer carries).
 * `Cache-Control: no-cache` in the request turns 304 off (a reload), as `fresh` does.
 */
export function evaluatePreconditions(request: ServerRequest, validators: Validators): PreconditionOutcome {
  const { etag, lastModified } = validators;
  const ifMatch = request.header('if-match');
  if (ifMatch !== undefined) {
    const tags = entityTagList(ifMatch);
    const matched = tags.includes('*') || (etag !== undefined && tags.some((tag) => strongMatch(tag, etag)));
    if (!matched) return 'failed';
  } else {
    const since = httpDate(request.header('if-unmodified-since'));
    const modified = httpDate(lastModified);
    if (since !== undefined && modified !== undefined && modified > since) return 'failed';
  }
  if (NO_CACHE.test(request.header('cache-control') ?? '')) return 'proceed';
  const ifNoneMatch = request.header('if-none-match');
  if (ifNoneMatch !== undefined) {
    const coding = request.getAttribute<string | undefined>(CONTENT_CODING_ATTRIBUTE);
    const tags = entityTagList(ifNoneMatch);
    if (tags.includes('*')) return 'not-modified';
    if (etag === undefined) return 'proceed';
    return tags.some((tag) => weakMatch(uncodedTag(tag, coding), etag)) ? 'not-modified' : 'proceed';
  }
  const since = httpDate(request.header('if-modified-since'));
  const modified = httpDate(lastModified);
  return since !== undefined && modified !== undefined && modified <= since ? 'not-modified' : 'proceed';
}

function httpDate(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}
