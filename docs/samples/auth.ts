import { AppFactory, JsonResponse } from '@framework/application';
import { basicAuth, bearerAuth, jwt } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';

export function createAuthApp(env: NodeJS.ProcessEnv = process.env) {
  const staff = basicAuth({
    credentials: [
      { username: 'alice', password: env.ALICE_PASSWORD! },
      { username: 'bob', password: env.BOB_PASSWORD! },
    ],
    realm: 'Back office',
  });

  const signedIn = jwt<{ sub: string; role: 'admin' | 'user' }>({
    secret: env.JWT_SECRET!, // at least 32 bytes for HS256
    algorithms: ['HS256'],
    issuer: 'https://auth.example.com/',
    audience: 'notes-api',
    clockTolerance: 30,
  });

  const app = AppFactory.create(undefined, new FindMyWayRouter());
  app.pipe('/admin', bearerAuth({ tokens: [env.ADMIN_TOKEN!, env.OLD_ADMIN_TOKEN!] }));

  app.get('/reports', [staff, (request) => new JsonResponse({ hello: staff.user(request).username })]);
  app.get('/admin/stats', () => new JsonResponse({ notes: 42 }));
  app.get('/me', [
    signedIn,
    (request) => {
      const { sub, role } = signedIn.payload(request); // typed: string, 'admin' | 'user'
      return new JsonResponse({ sub, role });
    },
  ]);
  return app;
}
