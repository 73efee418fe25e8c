import { followEvents, followText } from './follow.js';

// Runs when the page's own-origin script is allowed (CSP script-src 'self'), then measures what the
// test reads from window.results.
const results = { done: false };
window.results = results;
document.querySelector('#status').textContent = 'The script ran.';

async function fetchStatic() {
  const whole = await fetch('/assets/site.css');
  const wholeText = await whole.text();
  const part = await fetch('/assets/site.css', { headers: { range: 'bytes=0-99' } });
  const partText = await part.text();
  return {
    whole: {
      status: whole.status,
      encoding: whole.headers.get('content-encoding'),
      length: wholeText.length,
    },
    range: {
      status: part.status,
      contentRange: part.headers.get('content-range'),
      sameBytes: partText === wholeText.slice(0, 100),
    },
  };
}

try {
  results.helper = await followEvents('helper', '/browser/events/helper');
  results.raw = await followEvents('raw', '/browser/events/raw');
  results.text = await followText('text', '/browser/progress');
  results.static = await fetchStatic();
} catch (error) {
  results.error = String(error);
} finally {
  results.done = true;
}
