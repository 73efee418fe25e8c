import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { serveNotes } from '../src/notes-docs.mjs';
import { serveApi, servePage } from '../src/servers.mjs';
import { PARTS } from '../src/stream-routes.mjs';
import { launchChromium } from './chromium.mjs';
import { lanAddress } from './lan-address.mjs';

/** The longest the issue allows from the server's send of an event to the page's receipt of it. */
const MAX_EVENT_DELAY = 300;
const PAGE_TIMEOUT = 30_000;

const lan = lanAddress();
if (lan.reason) console.log(`# ${lan.reason}`);
const skeletonDir = join(createRequire(import.meta.url).resolve('@framework/skeleton/package.json'), '..');
const siteCssSize = statSync(join(skeletonDir, 'public', 'assets', 'site.css')).size;

let browser;
let site;
let api;
let notes;
before(async () => {
  browser = await launchChromium();
  if (browser.unavailable !== undefined) {
    // CI installs the browser first (.ci/run): there, a browser that cannot start is a failure.
    if (process.env.CI) throw new Error(browser.unavailable);
    console.log(`# browser test skipped: ${browser.unavailable}`);
    return;
  }
  site = await servePage([lan.address, '127.0.0.1']);
  api = await serveApi(lan.address, site.origins[0]);
  site.connectTo(api.origin);
  notes = await serveNotes();
});

after(async () => {
  await browser?.close?.();
  const servers = [...(site?.servers ?? []), ...(api ? [api.server] : []), ...(notes ? [notes.server] : [])];
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/**
 * Chromium's notice that it ignores `Cross-Origin-Opener-Policy` on an origin that is not potentially
 * trustworthy (plain HTTP on a LAN address). securityHeaders() sends the header by default, as helmet
 * does; over HTTP it has no effect and breaks nothing, and the browser says so at the error level.
 */
const COOP_IGNORED =
  /^The Cross-Origin-Opener-Policy header has been ignored, because the URL's origin was untrustworthy\./;

/** Opens `url` in a new tab, waits for the page's `window.results.done`, and returns what it saw. */
async function visit(url) {
  const page = await browser.context.newPage();
  const consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !COOP_IGNORED.test(message.text())) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: PAGE_TIMEOUT });
    const finished = await page
      .waitForFunction(() => window.results?.done === true, null, { timeout: PAGE_TIMEOUT })
      .then(() => true)
      .catch(() => false);
    const status = await page.evaluate(() => {
      const heading = document.querySelector('#status');
      return heading && { text: heading.textContent, color: getComputedStyle(heading).color };
    });
    const results = finished ? await page.evaluate(() => window.results) : undefined;
    return { headers: response.headers(), httpStatus: response.status(), consoleErrors, status, results };
  } finally {
    await page.close();
  }
}

let mainPage;
const openMainPage = () => (mainPage ??= visit(`${site.origins[0]}/browser/`));
const skipped = (t) => browser.unavailable !== undefined && (t.skip(browser.unavailable), true);

test(`the page loads over plain HTTP on ${lan.address} (${lan.name}) with the default security headers; its script and style run`, async (t) => {
  if (skipped(t)) return;
  const { headers, httpStatus, consoleErrors, status, results } = await openMainPage();
  assert.equal(httpStatus, 200);
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['x-frame-options'], 'SAMEORIGIN');
  assert.equal(headers['referrer-policy'], 'no-referrer');
  assert.equal(headers['cross-origin-opener-policy'], 'same-origin');
  assert.equal(headers['cross-origin-resource-policy'], 'same-origin');
  assert.match(headers['content-security-policy'], /(^|;)default-src 'self'(;|$)/);
  assert.match(headers['content-security-policy'], /(^|;)script-src 'self'(;|$)/);
  assert.doesNotMatch(headers['content-security-policy'], /upgrade-insecure-requests/);
  assert.deepEqual(consoleErrors, [], 'the page logged errors');
  assert.deepEqual(status, { text: 'The script ran.', color: 'rgb(0, 128, 0)' });
  assert.equal(results?.error, undefined, 'the page script failed');
});

/** Each part's delay from the server's send to the page's receipt, in milliseconds. */
function delays(stream, received) {
  return received.map(({ n, at }) => ({ n, ms: at - site.sent[stream][n] }));
}

function assertEachOnTime(t, stream, received) {
  assert.ok(received, `the page measured no ${stream} stream`);
  const measured = delays(stream, received);
  t.diagnostic(`send-to-receipt delays (ms): ${measured.map(({ ms }) => ms).join(', ')}`);
  assert.deepEqual(
    received.map(({ n }) => n),
    Array.from({ length: PARTS }, (_, index) => index + 1),
    `the page got these ${stream} parts: ${JSON.stringify(measured)}`,
  );
  for (const { n, ms } of measured) {
    assert.ok(
      ms <= MAX_EVENT_DELAY,
      `${stream} part ${n} reached the page ${ms} ms after it was sent (at most ${MAX_EVENT_DELAY}); all: ${JSON.stringify(measured)}`,
    );
  }
}

test(`an EventSource receives each streamSSE() event within ${MAX_EVENT_DELAY} ms of its send, through compress()`, async (t) => {
  if (skipped(t)) return;
  const { results } = await openMainPage();
  assertEachOnTime(t, 'helper', results?.helper);
  assert.deepEqual(
    results.helper.map(({ id }) => id),
    ['1', '2', '3', '4', '5'],
  );
});

test(`an EventSource receives each event of a hand-made text/event-stream body within ${MAX_EVENT_DELAY} ms, through compress()`, async (t) => {
  if (skipped(t)) return;
  const { results } = await openMainPage();
  assertEachOnTime(t, 'raw', results?.raw);
});

test(`fetch() reads each chunk of a streamed text answer within ${MAX_EVENT_DELAY} ms, compressed and flushed per chunk`, async (t) => {
  if (skipped(t)) return;
  const { results } = await openMainPage();
  assertEachOnTime(t, 'text', results?.text?.received);
  assert.ok(['br', 'gzip'].includes(results.text.encoding), `content-encoding ${results.text.encoding}`);
});

test('a compressed static file is served whole, then the same bytes by Range', async (t) => {
  if (skipped(t)) return;
  const { results, consoleErrors } = await openMainPage();
  assert.equal(results?.error, undefined, 'the page script failed');
  assert.deepEqual(consoleErrors, []);
  const { whole, range } = results.static;
  assert.equal(whole.status, 200);
  assert.ok(['br', 'gzip'].includes(whole.encoding), `content-encoding ${whole.encoding}`);
  assert.equal(whole.length, siteCssSize);
  assert.deepEqual(range, {
    status: 206,
    contentRange: `bytes 0-99/${siteCssSize}`,
    sameBytes: true,
  });
});

test('a page calls the API of another origin (port) as the cors section documents; an origin not listed reads nothing', async (t) => {
  if (skipped(t)) return;
  const [allowedOrigin, otherOrigin] = site.origins;
  const query = `?api=${encodeURIComponent(api.origin)}`;
  const allowed = await visit(`${allowedOrigin}/browser/cors${query}`);
  assert.deepEqual(allowed.consoleErrors, []);
  assert.deepEqual(allowed.results, {
    done: true,
    get: { status: 200, body: [{ title: 'first note' }] },
    post: { status: 201, body: { title: 'from the page' } },
  });
  assert.ok(
    api.requests.includes(`OPTIONS /notes from ${allowedOrigin}`),
    `no preflight reached the API: ${api.requests.join('; ')}`,
  );

  const refused = await visit(`${otherOrigin}/browser/cors${query}`);
  assert.match(refused.results.get.error, /TypeError/);
  assert.match(refused.results.post.error, /TypeError/);
});

test('the notes example renders its Swagger UI page at /docs under its default security headers, with no console error and no CSP violation', async (t) => {
  if (skipped(t)) return;
  const page = await browser.context.newPage();
  const consoleErrors = [];
  // Chromium asks for /favicon.ico on its own (the page names no icon); the notes app has none: 404.
  const favicon = `${notes.origin}/favicon.ico`;
  page.on('console', (message) => {
    if (message.type() === 'error' && message.location().url !== favicon) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  // Recorded from before the page's first script; Playwright's init script is not subject to the CSP.
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.violations.push(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'}`),
    );
  });
  try {
    const response = await page.goto(`${notes.origin}/docs`, { waitUntil: 'load', timeout: PAGE_TIMEOUT });
    assert.equal(response.status(), 200);
    const policy = response.headers()['content-security-policy'];
    assert.match(policy, /(^|;)script-src 'self'(;|$)/);
    assert.doesNotMatch(policy, /script-src[^;]*'unsafe-inline'/);
    await page.waitForSelector('.opblock-summary-path[data-path="/notes/{id}"]', { timeout: PAGE_TIMEOUT });
    const listed = await page.$$eval('.opblock-summary', (operations) =>
      operations.map((operation) => {
        const method = operation.querySelector('.opblock-summary-method')?.textContent;
        return `${method} ${operation.querySelector('.opblock-summary-path')?.dataset.path}`;
      }),
    );
    assert.deepEqual(listed.sort(), [
      'DELETE /notes/{id}',
      'GET /admin/stats',
      'GET /notes',
      'GET /notes/{id}',
      'POST /notes',
      'PUT /notes/{id}',
    ]);
    assert.deepEqual(await page.evaluate(() => window.violations), [], 'the page broke its policy');
    assert.deepEqual(consoleErrors, [], 'the page logged errors');
  } finally {
    await page.close();
  }
});
