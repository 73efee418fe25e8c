import type { ServerRequest } from '../http/server-request';
import { trust } from '../pipeline/ensure-response';
import type { RequestHandler } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import { createNext } from './create-next';
import { responsePrototypeOf } from './response-prototype';
import type { ErrorHandlingMiddleware, ErrorMiddlewareFunction } from './types';

/** An error middleware function as pipe entry: skipped without an error, called with one. */
export class ErrorMiddlewareAdapter implements ErrorHandlingMiddleware {
  constructor(readonly fn: ErrorMiddlewareFunction) {
    trust(this); // process() only passes on; the pipe checks what processError() returns
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    return handler.handle(request);
  }

  processError(error: unknown, request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    const response = responsePrototypeOf(request);
    return this.fn(error, request, response, createNext(handler, request, response));
  }
}
