import { type Application, AppFactory, type Container } from '@framework/application';
import type { Router } from '@framework/router-contract';
import { UserHandler } from '#App/Api/UserHandler';

/** The router of the API application: each application needs a router of its own. */
export const API_ROUTER = 'App\\Api\\Router';

/**
 * Builds the API application that the pipeline mounts at `/api` (config/autoload/pipeline.global.ts).
 * Inside it, paths are relative to the mount: its `/users/{id}` answers `/api/users/{id}`.
 */
export class ApiFactory {
  create(container: Container): Application {
    const api = AppFactory.create(container, container.get<Router>(API_ROUTER));
    api.pipeRoutingMiddleware();
    api.pipeDispatchMiddleware();
    api.get('/users/{id}', new UserHandler(api), 'api.user').setOptions({ tokens: { id: '\\d+' } });
    return api;
  }
}
