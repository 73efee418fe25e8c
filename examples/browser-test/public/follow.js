// What the page measures of a stream: when each event (or text chunk) arrived, by the page's clock.
// After each one the page tells the server (POST /browser/ack/<stream>/<n>), which only then sends
// the next, so an event held back by the server can never be mistaken for a late one.

const ack = (stream, n) => fetch(`/browser/ack/${stream}/${n}`, { method: 'POST' });

/** Follows an event stream with EventSource until its last event (data `n/total`). */
export function followEvents(stream, url) {
  return new Promise((resolve) => {
    const received = [];
    const source = new EventSource(url);
    const finish = () => {
      source.close();
      resolve(received);
    };
    source.addEventListener('message', (event) => {
      const at = Date.now();
      const [n, total] = event.data.split('/').map(Number);
      received.push({ n, at, id: event.lastEventId });
      void ack(stream, n);
      if (n === total) finish();
    });
    // EventSource reconnects by itself after an error; here a dropped stream ends the measurement.
    source.addEventListener('error', finish);
  });
}

/** Reads a streamed text answer (`step n/total` lines) with fetch, noting when each line arrived. */
export async function followText(stream, url) {
  const received = [];
  const response = await fetch(url);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { encoding: response.headers.get('content-encoding'), received };
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n')) !== -1) {
      const [n] = buffer.slice('step '.length, end).split('/').map(Number);
      buffer = buffer.slice(end + 1);
      received.push({ n, at: Date.now() });
      void ack(stream, n);
    }
  }
}
