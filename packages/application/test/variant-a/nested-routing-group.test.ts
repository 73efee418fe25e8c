import { describe, expect, test } from '@jest/globals';
import { FindMyWayRouter } from '@framework/router-fmw';
import {
  type Application,
  APPLICATION_SERVICE,
  ApplicationFactory,
  doublePass,
  errorMiddleware,
  type Middleware,
  ROUTER_SERVICE,
  SimpleContainer,
  TextResponse,
} from '../../src';
import { bareApp, call, messageOf } from './support';

const { ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE } = ApplicationFactory;

/** What one request gave: the answer, and what the middleware inside the routing group got from next(). */
interface Observed {
  readonly status: number;
  readonly body: string;
  readonly prototypeHeader: string | null;
  readonly seenBy: string | null;
  readonly next: string[];
}

/**
 * The routing group of Expressive 1.x's own integration test: a double-pass middleware between routing
 * and dispatch that passes a response prototype on, and on `/denied` raises `'401'` through `next`.
 * Error middleware after the group answers with the error as status.
 */
function groupAndErrorPage(): { group: Middleware[]; errorPage: Middleware; next: string[] } {
  const next: string[] = [];
  const guard = doublePass(async (request, response, callNext) => {
    const prototype = response.withHeader('x-prototype', 'from the guard');
    const error = request.path === '/denied' ? '401' : undefined;
    try {
      const answer = await callNext(request, prototype, error);
      next.push(`answer ${answer.status}`);
      answer.headers.set('x-seen-by', 'guard');
      return answer;
    } catch (thrown) {
      next.push(`rejected with ${messageOf(thrown)}`);
      throw thrown;
    }
  });
  const errorPage = errorMiddleware((error, _request, response) =>
    response
      .withStatus(typeof error === 'string' ? Number(error) : 500)
      .write(`error page: ${messageOf(error)}`),
  );
  return { group: [ROUTING_MIDDLEWARE, guard, DISPATCH_MIDDLEWARE], errorPage, next };
}

function addRoutes(app: Application): Application {
  app.get('/ok', () => new TextResponse('fine'));
  app.get('/denied', () => new TextResponse('never'));
  app.get('/fails', () => {
    throw new Error('route failed');
  });
  return app;
}

/** The group piped entry by entry. */
function flat(): [Application, string[]] {
  const { group, errorPage, next } = groupAndErrorPage();
  const app = bareApp();
  for (const middleware of group) app.pipe(middleware);
  app.pipe(errorPage);
  return [addRoutes(app), next];
}

/** The group piped as one nested list. */
function nestedList(): [Application, string[]] {
  const { group, errorPage, next } = groupAndErrorPage();
  const app = bareApp();
  app.pipe(group);
  app.pipe(errorPage);
  return [addRoutes(app), next];
}

/** The README's config form: the group as one `middleware_pipeline` entry, the error page after it. */
function configForm(): [Application, string[]] {
  const { group, errorPage, next } = groupAndErrorPage();
  const container = new SimpleContainer()
    .setService('config', {
      middleware_pipeline: [
        { middleware: group, priority: 1 },
        { middleware: errorPage, error: true, priority: 0 },
      ],
    })
    .setService(ROUTER_SERVICE, new FindMyWayRouter())
    .setFactory(APPLICATION_SERVICE, new ApplicationFactory({ onError: () => undefined }));
  return [addRoutes(container.get<Application>(APPLICATION_SERVICE)), next];
}

async function observe([app, next]: [Application, string[]], path: string): Promise<Observed> {
  const response = await call(app, path);
  return {
    status: response.status,
    body: await response.text(),
    prototypeHeader: response.headers.get('x-prototype'),
    seenBy: response.headers.get('x-seen-by'),
    next,
  };
}

/** Each request, and what it gives when the group is piped flat. */
const cases: [string, string, Observed][] = [
  [
    '/denied',
    'next(request, response, "401") gives the guard the error page answer, with its prototype',
    {
      status: 401,
      body: 'error page: 401',
      prototypeHeader: 'from the guard',
      seenBy: 'guard',
      next: ['answer 401'],
    },
  ],
  [
    '/fails',
    'a route error reaches the error page, and its answer reaches the guard',
    {
      status: 500,
      body: 'error page: route failed',
      prototypeHeader: 'from the guard',
      seenBy: 'guard',
      next: ['answer 500'],
    },
  ],
  [
    '/ok',
    'a request without error passes the group untouched by the error page',
    { status: 200, body: 'fine', prototypeHeader: null, seenBy: 'guard', next: ['answer 200'] },
  ],
];

describe('a routing group written as a nested list behaves as the same group piped flat', () => {
  describe.each([
    ['a nested list', nestedList],
    ['the config form', configForm],
  ])('%s', (_, shape) => {
    test.each(cases)('%s: %s', async (path, _title, expected) => {
      expect(await observe(flat(), path)).toEqual(expected);
      expect(await observe(shape(), path)).toEqual(expected);
    });
  });

  test('without error middleware after the group, the error rejects next() in both shapes', async () => {
    for (const pipeGroup of [
      (app: Application, group: Middleware[]) => group.forEach((item) => app.pipe(item)),
      (app: Application, group: Middleware[]) => app.pipe(group),
    ]) {
      const { group, next } = groupAndErrorPage();
      const app = bareApp();
      pipeGroup(app, group);
      addRoutes(app);
      expect((await call(app, '/denied')).status).toBe(500);
      expect(next).toEqual(['rejected with 401']);
    }
  });

  test('error middleware inside the list still comes first, then the one after it', async () => {
    const { group, errorPage } = groupAndErrorPage();
    const inner = errorMiddleware((error, request, response, next) =>
      next(request, response.write('inner page; '), error),
    );
    const app = bareApp();
    app.pipe([...group, inner]);
    app.pipe(errorPage);
    addRoutes(app);
    const response = await call(app, '/fails');
    expect([response.status, await response.text()]).toEqual([500, 'inner page; error page: route failed']);
  });
});
