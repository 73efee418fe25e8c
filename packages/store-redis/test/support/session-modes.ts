import { Application, JsonResponse, type ServerRequest } from '@framework/application';
import { session, type SessionStore, type StoreLogger } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';

/** The secret every session test application shares. */
export const SECRET = 'a-session-secret-shared-by-every-process-0123456789';

/**
 * Pipes into `app`, at `/<prefix>open` and `/<prefix>closed`, an application with sessions in `store`
 * under `onStoreError: 'fail-open'` and `'fail-closed'`, each in the cookie named like its path:
 * GET /me answers the user, POST /login signs `ada` in (regenerate).
 */
export function pipeSessionModes(
  app: Application,
  store: SessionStore,
  options: { readonly prefix?: string; readonly storeTimeout: number; readonly logger: StoreLogger },
): void {
  for (const mode of ['open', 'closed'] as const) {
    const name = `${options.prefix ?? ''}${mode}`;
    const sessions = session({
      secret: SECRET,
      store,
      name,
      path: `/${name}`,
      onStoreError: `fail-${mode}`,
      storeTimeout: options.storeTimeout,
      logger: options.logger,
    });
    const me = (request: ServerRequest) =>
      new JsonResponse({ user: sessions.get(request).get('user') ?? null });
    const sub = new Application(new FindMyWayRouter(), { development: false, onError: () => undefined });
    sub.pipe(sessions);
    sub.pipeRoutingMiddleware();
    sub.pipeDispatchMiddleware();
    sub.get('/me', me);
    sub.post('/login', async (request) => {
      await sessions.get(request).regenerate({ userId: 'ada' });
      sessions.get(request).set('user', 'ada');
      return me(request);
    });
    app.pipe(`/${name}`, sub);
  }
}
