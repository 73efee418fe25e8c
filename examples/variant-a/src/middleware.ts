import { doublePass, errorMiddleware } from '@framework/application';

/** Adds `X-Powered-By` to every answer, on the way out. */
export const poweredBy = doublePass(async (request, response, next) => {
  const answer = await next(request, response);
  answer.headers.set('x-powered-by', '@framework (Variant A)');
  return answer;
});

/**
 * The error page: runs only when an error travels down the pipe to it (a route or middleware threw or
 * rejected, or routing failed, e.g. a malformed URL). 4xx errors show their message, others do not.
 */
export const errorPage = errorMiddleware((error, _request, response) => {
  const declared = (error as { status?: unknown } | null)?.status;
  const status = typeof declared === 'number' && declared >= 400 && declared <= 599 ? declared : 500;
  const detail = status < 500 && error instanceof Error ? error.message : 'Something went wrong.';
  return response.withStatus(status).write(`Error ${status}: ${detail}`);
});
