import {
  type Application,
  JsonResponse,
  type RequestHandler,
  type ServerRequest,
} from '@framework/application';
import type { PathParams } from '@framework/router-contract';

/** `{ id, self }`, where `self` is generated with the mount path the request came through. */
export class UserHandler implements RequestHandler {
  constructor(private readonly api: Application) {}

  handle(request: ServerRequest<PathParams<'/users/{id}'>>): JsonResponse {
    const { id } = request.params;
    return new JsonResponse({ id: Number(id), self: this.api.generateUri('api.user', { id }, request) });
  }
}
