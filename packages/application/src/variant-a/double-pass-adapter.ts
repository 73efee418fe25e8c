import type { ServerRequest } from '../http/server-request';
import type { RequestHandler, ServerMiddleware } from '../pipeline/types';
import type { AnyResponse, MaybePromise } from '../response/any-response';
import { createNext } from './create-next';
import { responsePrototypeOf } from './response-prototype';
import type { DoublePassFunction } from './types';

/** A double-pass function as middleware: it gets a response prototype and a `next` over the handler. */
export class DoublePassAdapter implements ServerMiddleware {
  constructor(readonly fn: DoublePassFunction) {}

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    const response = responsePrototypeOf(request);
    return this.fn(request, response, createNext(handler, request, response));
  }
}
