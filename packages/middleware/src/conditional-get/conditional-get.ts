import etag from 'etag';
import {
  type AnyResponse,
  EmptyResponse,
  type RequestHandler,
  type ServerMiddleware,
  type ServerRequest,
} from '@framework/application';
import { editHeaders } from '../shared/edit-headers';
import { evaluatePreconditions } from '../shared/preconditions';
import { discardBody, inMemoryBody } from '../shared/response-body';

/** Headers a 304 answer repeats from the answer it stands for (RFC 9110, section 15.4.5). */
const NOT_MODIFIED_HEADERS = [
  'cache-control',
  'content-location',
  'date',
  'etag',
  'expires',
  'last-modified',
  'vary',
];

/**
 * Gives 200 answers to GET a weak `ETag` computed from their in-memory body (when they have none),
 * and answers 304 Not Modified when `If-None-Match` or `If-Modified-Since` says the client's copy is
 * current, 412 when `If-Match` or `If-Unmodified-Since` fails (RFC 9110 §13.2.2). Stream bodies are never read: they take part only when the handler set `ETag` or
 * `Last-Modified` itself.
 */
export class ConditionalGetMiddleware implements ServerMiddleware {
  async process(request: ServerRequest, handler: RequestHandler): Promise<AnyResponse> {
    const response = await handler.handle(request);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || response.status !== 200) return response;
    const tagged = withEtag(response);
    const headers = tagged.headers;
    const validators = {
      etag: headers.get('etag') ?? undefined,
      lastModified: headers.get('last-modified') ?? undefined,
    };
    if (validators.etag === undefined && validators.lastModified === undefined) return tagged;
    const outcome = evaluatePreconditions(request, validators);
    if (outcome === 'proceed') return tagged;
    discardBody(tagged);
    if (outcome === 'failed') return new EmptyResponse({ status: 412 });
    const kept: Record<string, string> = Object.create(null);
    for (const name of NOT_MODIFIED_HEADERS) {
      const value = headers.get(name);
      if (value !== null) kept[name] = value;
    }
    return new EmptyResponse({ status: 304, headers: kept });
  }
}

function withEtag(response: AnyResponse): AnyResponse {
  if (response.headers.has('etag')) return response;
  const body = inMemoryBody(response);
  if (body === undefined) return response;
  const tag = etag(
    typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength),
    {
      weak: true,
    },
  );
  return editHeaders(response, (headers) => headers.set('etag', tag));
}

/**
 * Conditional GET middleware; see `ConditionalGetMiddleware`.
 *
 * @example
 * app.pipe(conditionalGet());
 */
export function conditionalGet(): ConditionalGetMiddleware {
  return new ConditionalGetMiddleware();
}
