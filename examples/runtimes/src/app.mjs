import { JsonResponse } from '@framework/application';
import { compress, streamSSE } from '@framework/middleware';
import { createApp as createBasicApp } from '@framework/example-basic/dist/app.js';
import { eventGate } from './event-gate.mjs';

/**
 * The application every runtime serves: examples/basic's (the seed's `GET /`, `GET /ping` and
 * `POST /post`, an API mounted at `/api`) plus a JSON body read and answered at `POST /echo`, and a
 * server-sent event stream at `GET /events`. Plain JavaScript over the built example, so Node, Bun and
 * Deno run this same file without a build step.
 */
export function createApp() {
  const app = createBasicApp();
  app.post('/echo', async (request) => new JsonResponse({ received: await request.json() }, 201));

  // The stream sends its first event, then waits for POST /events/next before the second, so a client
  // that reads the first one before asking for the next shows that events are sent as they are written.
  // It stays open until the client goes; GET /events/open counts the writers still running.
  const gate = eventGate();
  app.get('/events', [
    compress(),
    (request) =>
      streamSSE(request, (stream) =>
        gate.track(async () => {
          await stream.writeSSE({ retry: 1000 });
          const after = stream.lastEventId ?? 'nothing';
          await stream.writeSSE({ id: '1', event: 'greeting', data: `hello\nafter ${after}` });
          await gate.next(stream.signal);
          await stream.writeSSE({ id: '2', data: 'second' });
          await gate.next(stream.signal);
        }),
      ),
  ]);
  app.post('/events/next', () => new JsonResponse({ released: gate.release() }));
  app.get('/events/open', () => new JsonResponse({ open: gate.open }));
  return app;
}
