import { Application, type ApplicationOptions } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';

/** An application with routing and dispatch piped, quiet about 5xx errors unless told otherwise. */
export function createApp(options: ApplicationOptions = {}): Application {
  const app = new Application(new FindMyWayRouter(), {
    development: false,
    onError: () => undefined,
    ...options,
  });
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  return app;
}

/** `app.fetch` with a path instead of a full URL. */
export function call(app: Application, path: string, init?: RequestInit): Promise<Response> {
  return app.fetch(new Request(`http://localhost${path}`, init));
}
