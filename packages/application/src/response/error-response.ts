import { statusText } from './status-text';
import { ApplicationError } from '../errors/application-error';
import { HttpError } from '../errors/http-error';
import { describeThrown, isInstanceOf, readErrorField } from '../errors/read-error-field';
import { JsonResponse } from './json-response';

/** The content type of every answer the framework writes itself (RFC 9457 problem details). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The body of the framework's own error answers. */
export interface ProblemDetails {
  readonly type: 'about:blank';
  readonly title: string;
  readonly status: number;
  readonly detail?: string;
  readonly code?: string;
  readonly stack?: string;
}

/** A problem-details JSON response (`application/problem+json`). */
export function problemResponse(
  status: number,
  detail?: string,
  extra?: { code?: string; stack?: string; headers?: Readonly<Record<string, string>> },
): JsonResponse<ProblemDetails> {
  const body: ProblemDetails = {
    type: 'about:blank',
    title: statusText(status) ?? 'Error',
    status,
    ...(detail === undefined ? {} : { detail }),
    ...(extra?.code === undefined ? {} : { code: extra.code }),
    ...(extra?.stack === undefined ? {} : { stack: extra.stack }),
  };
  return new JsonResponse(body, {
    status,
    headers: { ...extra?.headers, 'content-type': PROBLEM_CONTENT_TYPE },
  });
}

/** The status an error asks for: its `status` or `statusCode` when that is 400-599, else 500. */
export function statusOfError(error: unknown): number {
  const status = readErrorField(error, 'status');
  const candidate = typeof status === 'number' ? status : readErrorField(error, 'statusCode');
  return typeof candidate === 'number' && Number.isInteger(candidate) && candidate >= 400 && candidate <= 599
    ? candidate
    : 500;
}

/**
 * The response for an error: stack only in development mode; message and code in development mode, or
 * when the error says `expose: true` (an `HttpError` or `ApplicationError` with a 4xx status, an
 * `http-errors` error). Any other error answers with its status and title only, whatever its status: a
 * library error carrying `status: 404` may name what the client must not see. An `ApplicationError`'s
 * or `HttpError`'s own headers (`Connection: close` on a 413) go with the answer. Fields are read with
 * `readErrorField`, so a hostile thrown value still gets its 500.
 */
export function errorResponse(error: unknown, development: boolean): JsonResponse<ProblemDetails> {
  const status = statusOfError(error);
  const expose = development || readErrorField(error, 'expose') === true;
  if (!expose) return problemResponse(status, undefined, { headers: headersOf(error) });
  const message = readErrorField(error, 'message');
  const code = readErrorField(error, 'code');
  const stack = development ? readErrorField(error, 'stack') : undefined;
  return problemResponse(
    status,
    typeof message === 'string' ? message : development ? describeThrown(error) : undefined,
    {
      code: typeof code === 'string' ? code : undefined,
      stack: typeof stack === 'string' ? stack : undefined,
      headers: headersOf(error),
    },
  );
}

function headersOf(error: unknown): Readonly<Record<string, string>> | undefined {
  return isInstanceOf(error, ApplicationError) || isInstanceOf(error, HttpError) ? error.headers : undefined;
}
