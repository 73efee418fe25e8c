import { JsonResponse } from '@framework/application';
import { compress, streamSSE } from '@framework/middleware';
import { eventGate } from './event-gate.mjs';

/**
 * Adds a server-sent event stream at `GET /events` (`streamSSE()` behind `compress()`) to the
 * application of `app.mjs`, for the runtimes that serve it with Node's modules at hand (Node, Bun and
 * Deno): `compress()` uses `node:zlib`, which a worker bundle cannot hold.
 *
 * The stream sends its first event, then waits for `POST /events/next` before the second, so a client
 * that reads the first one before asking for the next shows that events are sent as they are written.
 * It stays open until the client goes; `GET /events/open` counts the writers still running.
 */
export function withEventStream(app) {
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
