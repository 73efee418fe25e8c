import assert from 'node:assert/strict';

const WAIT = 10_000;

/**
 * Opens `GET /events` as a browser's EventSource does, reads the first event, asks the server for the
 * next one (POST /events/next), reads it, then goes away and waits until the server's writer has ended
 * (GET /events/open). Returns what it saw, for comparison between runtimes.
 */
export async function followEventStream(origin) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/events`, {
    headers: { accept: 'text/event-stream', 'last-event-id': '41', 'accept-encoding': 'gzip, br' },
    signal: controller.signal,
  });
  const seen = {
    status: response.status,
    'content-type': response.headers.get('content-type'),
    'cache-control': response.headers.get('cache-control'),
    'content-encoding': response.headers.get('content-encoding'),
    blocks: [],
  };
  const blocks = eventBlocks(response.body);
  const next = async (what) => {
    const { value, done } = await within(blocks.next(), what);
    assert.equal(done, false, `the stream ended before ${what}`);
    seen.blocks.push(value);
  };
  await next('the opening comment');
  await next('the retry field');
  await next('the first event');
  // The second event is written only now: it can only arrive if the first came as it was sent.
  const released = await (await fetch(`${origin}/events/next`, { method: 'POST' })).json();
  assert.deepEqual(released, { released: 1 }, 'the writer was not waiting after its first event');
  await next('the second event');
  controller.abort();
  // Node 24's fetch rejects the body's pending read with the abort; leaving is what the test wants.
  await blocks.return().catch((error) => {
    if (error?.name !== 'AbortError') throw error;
  });
  seen.writerEnded = await writersEnd(origin);
  return seen;
}

/** The blocks of an event stream (events and comments), without their closing blank line. */
async function* eventBlocks(body) {
  let buffer = '';
  for await (const text of body.pipeThrough(new TextDecoderStream())) {
    buffer += text;
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      yield buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
    }
  }
}

/** True once the server counts no running writer; polls for up to ten seconds. */
async function writersEnd(origin) {
  const deadline = Date.now() + WAIT;
  while (Date.now() < deadline) {
    const { open } = await (await fetch(`${origin}/events/open`)).json();
    if (open === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

function within(promise, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${WAIT} ms`)), WAIT);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
