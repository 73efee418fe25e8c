import { STATUS_CODES } from 'node:http';
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
  extra?: { code?: string; stack?: string; headers?: Record<string, string> },
): JsonResponse<ProblemDetails> {
  const body: ProblemDetails = {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
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
  if (error === null || typeof error !== 'object') return 500;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const candidate = typeof status === 'number' ? status : statusCode;
  return typeof candidate === 'number' && Number.isInteger(candidate) && candidate >= 400 && candidate <= 599
    ? candidate
    : 500;
}

/**
 * The response for an error: message, code and stack only in development mode; a 4xx error's message
 * and code are shown unless it says `expose: false`; 5xx details never leave the server otherwise.
 */
export function errorResponse(error: unknown, development: boolean): JsonResponse<ProblemDetails> {
  const status = statusOfError(error);
  const err = (error !== null && typeof error === 'object' ? error : {}) as {
    message?: unknown;
    code?: unknown;
    stack?: unknown;
    expose?: unknown;
    headers?: unknown;
  };
  const expose = development || (status < 500 && err.expose !== false);
  const message = typeof err.message === 'string' ? err.message : development ? String(error) : undefined;
  return problemResponse(status, expose ? message : undefined, {
    code: expose && typeof err.code === 'string' ? err.code : undefined,
    stack: development && typeof err.stack === 'string' ? err.stack : undefined,
  });
}
