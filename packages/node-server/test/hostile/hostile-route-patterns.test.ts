import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Server } from 'node:http';
import type { Router, RouterLimits } from '@framework/router-contract';
import { ExplicitMethodsRouter } from '@framework/router-explicit-methods';
import { FindMyWayRouter } from '@framework/router-fmw';
import { PathToRegexpRouter } from '@framework/router-ptr';
import { Application, JsonResponse, TextResponse } from '@framework/application';
import { rawRequest } from '../support/raw-http';
import { closeServer, serve } from '../support/serve';

/** The three adapters, built with the limits a case gives (as `ADAPTERS` in adapters.ts, with limits). */
const ADAPTERS_WITH_LIMITS: ReadonlyArray<readonly [string, (limits: RouterLimits) => Router<unknown>]> = [
  ['FindMyWayRouter', (limits) => new FindMyWayRouter(limits)],
  ['PathToRegexpRouter', (limits) => new PathToRegexpRouter(limits)],
  ['ExplicitMethodsRouter', (limits) => new ExplicitMethodsRouter(limits)],
];

/** The token of finding 20: "11" is one turn of `\d\d` or two of `\d`, so 40 digits match 2^20 ways. */
const OVERLAPPING = '(\\d|\\d\\d)+';
/** 42 bytes of path that kept the event loop busy 1.9 s behind that token. */
const BACKTRACKING_PATH = `/n/${'1'.repeat(38)}a`;

// Each case answers over a real socket of an application in production mode that runs in this
// process: a lookup that blocked the event loop would block the test past its timeout.
describe.each(ADAPTERS_WITH_LIMITS)(
  'hostile route patterns over a socket, %s, production mode',
  (_name, createRouter) => {
    let app: Application;
    let server: Server;
    let origin: string;

    beforeAll(async () => {
      app = new Application(createRouter({ maxParamLength: Infinity }), { development: false });
      app.pipeRoutingMiddleware();
      app.pipeDispatchMiddleware();
      app.get('/static', () => new TextResponse('static'));
      app
        .get('/n/{num}', (request) => new TextResponse(request.params.num))
        .setOptions({ tokens: { num: '\\d+' } });
      app
        .get('/m/{a}-{b}-{c}', (request) => new JsonResponse(request.params))
        .setOptions({ tokens: { b: '\\d+' } });
      ({ server, origin } = await serve(app));
    });

    afterAll(() => closeServer(server));

    test('finding 20: a token with overlapping alternatives under a repetition is refused when its route is registered', () => {
      const route = app.get('/redos/{num}', (request) => new TextResponse(request.params.num));
      let thrown: { code?: unknown; message?: unknown } | undefined;
      try {
        route.setOptions({ tokens: { num: OVERLAPPING } });
      } catch (error) {
        thrown = error as typeof thrown;
      }
      expect(thrown?.code).toBe('FRAMEWORK_ERR_ROUTE_UNSAFE_TOKEN');
      expect(String(thrown?.message)).toContain(
        `Route "/redos/{num}": token "num" "(\\\\d|\\\\d\\\\d)+" may backtrack`,
      );
    });

    test('finding 20: the 42-byte path that blocked the loop is answered, and so is a request beside it', async () => {
      const [attack, beside] = await Promise.all([
        rawRequest(origin, `GET ${BACKTRACKING_PATH} HTTP/1.1`),
        rawRequest(origin, 'GET /static HTTP/1.1'),
      ]);
      expect(attack.status).toBe(404);
      expect(`${beside.status} ${beside.body}`).toBe('200 static');
      const digits = await rawRequest(origin, `GET /n/${'1'.repeat(38)} HTTP/1.1`);
      expect(`${digits.status} ${digits.body}`).toBe(`200 ${'1'.repeat(38)}`);
    });

    test('finding 21: a 12 kB segment that three placeholders with a token cannot split, without a length limit, is answered', async () => {
      // Trying every end of b from every start would keep the loop busy for about nine seconds.
      const [attack, beside] = await Promise.all([
        rawRequest(origin, `GET /m/${'-'.repeat(12_000)} HTTP/1.1`),
        rawRequest(origin, 'GET /static HTTP/1.1'),
      ]);
      expect(attack.status).toBe(404);
      expect(`${beside.status} ${beside.body}`).toBe('200 static');
      const a = `${'a-'.repeat(5_000)}a`;
      const split = await rawRequest(origin, `GET /m/${a}-1-c HTTP/1.1`);
      expect(split.status).toBe(200);
      expect(JSON.parse(split.body)).toEqual({ a, b: '1', c: 'c' });
    });
  },
);
