import { type AnyResponse, JsonResponse, PROBLEM_CONTENT_TYPE } from '@framework/application';
import type { MiddlewareErrorCode } from '../errors';

/** The 503 problem+json a middleware answers when its store is unreachable (`onStoreError: 'fail-closed'`). */
export function unavailableResponse(code: MiddlewareErrorCode, detail: string): AnyResponse {
  return new JsonResponse(
    { type: 'about:blank', title: 'Service Unavailable', status: 503, detail, code },
    { status: 503, headers: { 'content-type': PROBLEM_CONTENT_TYPE } },
  );
}
