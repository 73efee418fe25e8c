import { Application, ServerRequest, TextResponse, type AnyResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';

/** Pipeline depths of the middleware curve: pass-through middleware piped before routing. */
export const MIDDLEWARE_DEPTHS = [0, 1, 10, 50] as const;

export interface MiddlewarePoint {
  readonly depth: number;
  /** ns per `app.handle()` of GET /post/42. */
  readonly ns: number;
  /** (ns - ns at depth 0) / depth: what one more middleware costs. */
  readonly nsPerMiddleware: number | null;
}

function appWithDepth(depth: number): Application {
  const app = new Application(new FindMyWayRouter());
  for (let i = 0; i < depth; i++) app.pipe((request, handler) => handler.handle(request));
  app.pipeRoutingMiddleware();
  app.pipeDispatchMiddleware();
  app.get('/post/{id}', (request: ServerRequest) => new TextResponse(`Post ${request.getAttribute('id')}`));
  return app;
}

let sink: unknown;

async function nsPerHandle(app: Application, request: ServerRequest): Promise<number> {
  const run = async (count: number): Promise<number> => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < count; i++) {
      const response: AnyResponse | Promise<AnyResponse> = app.handle(request);
      sink = response instanceof Promise ? await response : response;
    }
    return Number(process.hrtime.bigint() - start) / count;
  };
  await run(20_000);
  const samples: number[] = [];
  for (let i = 0; i < 15; i++) samples.push(await run(5_000));
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** In-process cost of `app.handle()` with 0 to 50 extra middleware, the best median of `rounds` rounds. */
export async function measureMiddlewareCurve(rounds: number): Promise<MiddlewarePoint[]> {
  const request = ServerRequest.fromRequest(new Request('http://127.0.0.1/post/42'));
  const apps = MIDDLEWARE_DEPTHS.map(appWithDepth);
  const best = MIDDLEWARE_DEPTHS.map(() => Infinity);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < apps.length; i++) best[i] = Math.min(best[i]!, await nsPerHandle(apps[i]!, request));
  }
  void sink;
  return MIDDLEWARE_DEPTHS.map((depth, i) => ({
    depth,
    ns: best[i]!,
    nsPerMiddleware: depth === 0 ? null : (best[i]! - best[0]!) / depth,
  }));
}
