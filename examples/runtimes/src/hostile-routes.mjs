import { AppFactory, JsonResponse, TextResponse, timeout } from '@framework/application';
import { PathToRegexpRouter } from '@framework/router-ptr';

/**
 * Mounted at `/hostile`: the routes `test/hostile-fetch.test.mjs` attacks on each runtime. Each answers
 * what the handler saw (a body's size, a JSON or form body, the query, the cookies, the URL), or fails
 * the way a careless handler does (a thrown string, a rejection, a stream that errors midway), so the
 * test can show what reached the handler and what the client got.
 */
/** How long `/bytes-in-time` waits for its body: `timeout()`'s 503 after that. */
export const BODY_TIME = 1000;

export function createHostileRoutes() {
  const hostile = AppFactory.create(undefined, new PathToRegexpRouter(), { development: false });
  // What the body reads of the handlers below ended with: `read`, or the error code they rejected with.
  const bodyReads = [];
  const readBody = async (read) => {
    try {
      const value = await read();
      bodyReads.push('read');
      return value;
    } catch (error) {
      bodyReads.push(error.code ?? 'unknown');
      throw error;
    }
  };
  hostile.pipeRoutingMiddleware();
  hostile.pipeDispatchMiddleware();

  const readBytes = async (request) => {
    const bytes = await readBody(() => request.arrayBuffer());
    return new JsonResponse({ bytes: bytes.byteLength });
  };
  hostile.post('/bytes', readBytes);
  // A runtime that waits on a stalled body for as long as the client stays (workerd) is bounded here.
  hostile.post('/bytes-in-time', [timeout(BODY_TIME), readBytes]);
  hostile.get('/body-reads', () => new JsonResponse({ bodyReads }));
  hostile.post('/json', async (request) => new JsonResponse({ received: await request.json() }));
  hostile.post('/form', async (request) => {
    const fields = await request.form();
    return new JsonResponse({ fields: Object.keys(fields).length });
  });
  hostile.get('/polluted', () => new JsonResponse({ polluted: 'polluted' in {} }));
  hostile.get('/query', (request) => new JsonResponse({ keys: Object.keys(request.query).length }));
  hostile.get('/cookies', (request) => {
    const cookie = request.headers.cookie ?? '';
    return new JsonResponse({ cookies: cookie === '' ? 0 : cookie.split(';').length });
  });
  hostile.get('/url', (request) => new JsonResponse({ url: request.url, path: request.path }));
  hostile.get('/text', () => new TextResponse('a body HEAD must not carry'));
  hostile.get('/throw-string', () => {
    throw 'a secret string thrown';
  });
  hostile.get('/reject', () => Promise.reject({ secret: 'a secret object rejected' }));
  // A stream that fails after its first chunk, or (`?at-once`) before it.
  hostile.get('/stream-error', (request) => {
    const first = 'at-once' in request.query ? [] : ['first chunk;'];
    return new Response(failingStream(first), { headers: { 'content-type': 'text/plain' } });
  });
  hostile.get('/{any}', (request) => new JsonResponse({ any: request.params.any }));
  return hostile;
}

/** A stream of `chunks` that then fails, a moment after the last chunk was sent. */
function failingStream(chunks) {
  const encoder = new TextEncoder();
  const pending = [...chunks];
  return new ReadableStream({
    async pull(controller) {
      if (pending.length > 0) return controller.enqueue(encoder.encode(pending.shift()));
      // Later than the last chunk's write, so the runtime has sent the status and that chunk.
      await new Promise((resolve) => setTimeout(resolve, 50));
      controller.error(new Error('a secret stream failure'));
    },
  });
}
