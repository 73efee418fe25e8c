import { Readable } from 'node:stream';
import { EmptyResponse, LightResponse } from '@framework/application';
import { streamSSE } from '@framework/middleware';
import { Acks } from './acks.mjs';

/** Parts each stream sends; the page closes an event stream after the last. */
export const PARTS = 5;

/**
 * Three streams that the page follows through the skeleton's pipeline (securityHeaders, compress):
 * `streamSSE()`, a hand-made `text/event-stream` body, and streamed text. Each notes the time it sends
 * part n in `sent[stream][n]` and sends part n + 1 once the page has acknowledged part n.
 */
export function addStreamRoutes(app) {
  const acks = new Acks();
  const sent = { helper: [], raw: [], text: [] };
  const send = (stream, n) => (sent[stream][n] = Date.now());

  app.get('/browser/events/helper', (request) =>
    streamSSE(request, async (stream) => {
      for (let n = 1; n <= PARTS && !stream.closed; n++) {
        const acknowledged = acks.wait('helper', n, stream.signal);
        send('helper', n);
        await stream.writeSSE({ id: String(n), data: `${n}/${PARTS}` });
        await acknowledged;
      }
    }),
  );

  // What an application wrote before streamSSE() existed: a stream body with the event-stream type.
  app.get(
    '/browser/events/raw',
    () =>
      new LightResponse(Readable.from(parts('raw', (n) => `id: ${n}\ndata: ${n}/${PARTS}\n\n`)), {
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
      }),
  );

  // Progress output: a slowly written text body, which compress() must pass on chunk by chunk.
  app.get(
    '/browser/progress',
    () =>
      new LightResponse(Readable.from(parts('text', (n) => `step ${n}/${PARTS}\n`)), {
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      }),
  );

  async function* parts(stream, format) {
    for (let n = 1; n <= PARTS; n++) {
      const acknowledged = acks.wait(stream, n);
      send(stream, n);
      yield format(n);
      await acknowledged;
    }
  }

  app.post('/browser/ack/{stream}/{n}', (request) => {
    acks.acknowledge(request.params.stream, Number(request.params.n));
    return new EmptyResponse();
  });
  return sent;
}
