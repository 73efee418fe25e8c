import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import fsPromises from 'node:fs/promises';
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Application, TextResponse } from '@framework/application';
import { MiddlewareError, serveStatic } from '../src';
import { appFromConfig, appWith, call, listen, send, type Served } from './support/app';

const SECRET = 'SECRET-OUTSIDE-THE-ROOT';
const SOURCE = 'console.log("entry script")';
const CSS = 'body { color: rebeccapurple; }\n';
const BYTES = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
/** Over the size that is read into memory at once, so it is streamed. */
const LARGE = 'line of a large file\n'.repeat(10_000);

let dir: string;
let root: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'serve-static-'));
  root = join(dir, 'public');
  mkdirSync(join(root, 'docs'), { recursive: true });
  mkdirSync(join(root, 'no-index'));
  writeFileSync(join(root, 'no-index', 'listed.txt'), 'x');
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  writeFileSync(join(root, 'style.css'), CSS);
  writeFileSync(join(root, 'bytes.bin'), BYTES);
  writeFileSync(join(root, 'large.txt'), LARGE);
  writeFileSync(join(root, 'empty.txt'), '');
  writeFileSync(join(root, 'index.ts'), SOURCE);
  writeFileSync(join(root, 'Module.MTS'), SOURCE);
  writeFileSync(join(root, '.env'), SECRET);
  writeFileSync(join(root, 'docs', 'index.html'), '<h1>Docs</h1>');
  symlinkSync(join(dir, 'secret.txt'), join(root, 'outside.txt'));
  symlinkSync(dir, join(root, 'outside-dir'));
  symlinkSync(join(root, 'index.ts'), join(root, 'disguised.css'));
  symlinkSync(join(root, 'style.css'), join(root, 'inside.css'));
  symlinkSync(join(root, '.env'), join(root, 'settings.txt'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function staticApp(options?: Parameters<typeof serveStatic>[1]): Application {
  const app = appWith(serveStatic(root, options));
  app.get('/api', () => new TextResponse('api'));
  return app;
}

describe('serveStatic() over a socket', () => {
  let served: Served;
  beforeAll(async () => (served = await listen(staticApp())));
  afterAll(() => served.close());

  it('serves a file with its content type, length, validators and cache headers', async () => {
    const answer = await send(served.origin, '/style.css');
    const stats = statSync(join(root, 'style.css'));
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(CSS);
    expect(answer.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(answer.headers['content-length']).toBe(String(CSS.length));
    expect(answer.headers['last-modified']).toBe(stats.mtime.toUTCString());
    expect(answer.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(answer.headers['accept-ranges']).toBe('bytes');
    expect(answer.headers['cache-control']).toBe('public, max-age=0');
  });

  it('serves unknown types as application/octet-stream and empty files with length 0', async () => {
    const bytes = await send(served.origin, '/bytes.bin');
    expect(bytes.headers['content-type']).toBe('application/octet-stream');
    const empty = await send(served.origin, '/empty.txt');
    expect(empty.status).toBe(200);
    expect(empty.headers['content-length']).toBe('0');
    expect(empty.body.length).toBe(0);
  });

  it('streams a file larger than 64 KiB, whole or in part', async () => {
    const whole = await send(served.origin, '/large.txt');
    expect(whole.headers['content-length']).toBe(String(LARGE.length));
    expect(whole.body.toString()).toBe(LARGE);
    const tail = await send(served.origin, '/large.txt', { headers: { range: 'bytes=150000-' } });
    expect(tail.status).toBe(206);
    expect(tail.body.toString()).toBe(LARGE.slice(150000));
  });

  it('answers HEAD with the headers only', async () => {
    const answer = await send(served.origin, '/style.css', { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-length']).toBe(String(CSS.length));
    expect(answer.body.length).toBe(0);
  });

  it('answers 304 to If-None-Match and If-Modified-Since', async () => {
    const first = await send(served.origin, '/style.css');
    const byTag = await send(served.origin, '/style.css', {
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(byTag.status).toBe(304);
    expect(byTag.body.length).toBe(0);
    expect(byTag.headers.etag).toBe(first.headers.etag);
    const byDate = await send(served.origin, '/style.css', {
      headers: { 'if-modified-since': String(first.headers['last-modified']) },
    });
    expect(byDate.status).toBe(304);
    const stale = await send(served.origin, '/style.css', { headers: { 'if-none-match': 'W/"other"' } });
    expect(stale.status).toBe(200);
  });

  it('serves one byte range with 206 and Content-Range, also suffix and open ranges', async () => {
    const cases: [string, string, string][] = [
      ['bytes=0-3', '0123', 'bytes 0-3/36'],
      ['bytes=-4', 'wxyz', 'bytes 32-35/36'],
      ['bytes=30-', 'uvwxyz', 'bytes 30-35/36'],
      ['bytes=34-999999999999', 'yz', 'bytes 34-35/36'],
    ];
    for (const [range, body, contentRange] of cases) {
      const answer = await send(served.origin, '/bytes.bin', { headers: { range } });
      expect([range, answer.status, answer.body.toString(), answer.headers['content-range']]).toEqual([
        range,
        206,
        body,
        contentRange,
      ]);
      expect(answer.headers['content-length']).toBe(String(body.length));
    }
  });

  it('combines overlapping ranges, and sends the whole file once for several distinct ones', async () => {
    const overlapping = await send(served.origin, '/bytes.bin', { headers: { range: 'bytes=0-5,3-9,2-4' } });
    expect(overlapping.status).toBe(206);
    expect(overlapping.body.toString()).toBe('0123456789');
    const many = await send(served.origin, '/bytes.bin', {
      headers: { range: `bytes=${Array.from({ length: 20 }, (_, i) => `${i * 2}-${i * 2}`).join(',')}` },
    });
    expect(many.status).toBe(200);
    expect(many.body).toEqual(BYTES);
    const huge = await send(served.origin, '/bytes.bin', {
      headers: { range: `bytes=${'0-0,'.repeat(3000)}0-0` },
    });
    expect(huge.status).toBe(200);
    expect(huge.body).toEqual(BYTES);
  });

  it('answers 416 to an unsatisfiable range and ignores malformed ones', async () => {
    const unsatisfiable = await send(served.origin, '/bytes.bin', { headers: { range: 'bytes=100-200' } });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers['content-range']).toBe('bytes */36');
    for (const range of ['bytes=abc', 'items=0-1', 'bytes=5-2', 'bytes=']) {
      const answer = await send(served.origin, '/bytes.bin', { headers: { range } });
      expect([range, answer.status]).toEqual([range, range === 'bytes=5-2' ? 416 : 200]);
    }
  });

  it('sends the whole file as one range for a suffix range longer than it, 416 for bytes=-0, and ignores other units', async () => {
    for (const range of ['bytes=-37', 'bytes=-99999999999999999999', 'bytes=100-200, -50']) {
      const answer = await send(served.origin, '/bytes.bin', { headers: { range } });
      expect([range, answer.status, answer.headers['content-range']]).toEqual([range, 206, 'bytes 0-35/36']);
      expect(answer.body).toEqual(BYTES);
    }
    const empty = await send(served.origin, '/empty.txt', { headers: { range: 'bytes=-5' } });
    expect([empty.status, empty.body.length]).toEqual([200, 0]);
    for (const range of ['bytes=-0', 'bytes=-000', 'items=-50']) {
      const answer = await send(served.origin, '/bytes.bin', { headers: { range } });
      expect([range, answer.status]).toEqual([range, range === 'items=-50' ? 200 : 416]);
    }
  });

  it('sends the whole file when If-Range does not name the current version', async () => {
    const first = await send(served.origin, '/bytes.bin');
    const matching = await send(served.origin, '/bytes.bin', {
      headers: { range: 'bytes=0-1', 'if-range': String(first.headers['last-modified']) },
    });
    expect(matching.status).toBe(206);
    const old = await send(served.origin, '/bytes.bin', {
      headers: { range: 'bytes=0-1', 'if-range': 'Thu, 01 Jan 1970 00:00:00 GMT' },
    });
    expect(old.status).toBe(200);
  });

  it('serves index.html for a directory path ending in / and redirects one without it', async () => {
    const index = await send(served.origin, '/docs/');
    expect(index.status).toBe(200);
    expect(index.body.toString()).toBe('<h1>Docs</h1>');
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    const redirect = await send(served.origin, '/docs?x=1');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('/docs/?x=1');
  });

  it('never lists a directory: one without an index goes on to the next handler', async () => {
    const answer = await send(served.origin, '/no-index/');
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).not.toContain('listed.txt');
  });

  it('passes other methods and unknown paths on to the routes', async () => {
    expect((await send(served.origin, '/api')).body.toString()).toBe('api');
    const post = await send(served.origin, '/style.css', { method: 'POST' });
    expect(post.status).toBe(404);
    expect(post.body.toString()).not.toContain(CSS);
    expect((await send(served.origin, '/missing.css')).status).toBe(404);
  });

  it('refuses every way out of the root, answering as if the file did not exist', async () => {
    const attempts = [
      '/../secret.txt',
      '/docs/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/docs/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%2fsecret.txt',
      '/..%5csecret.txt',
      '/..\\secret.txt',
      '/docs\\..\\..\\secret.txt',
      '/%00/../secret.txt',
      '/style.css%00.txt',
      '/style.css%00',
      '//secret.txt',
      '/./style.css',
      '/%2e/style.css',
      '/outside.txt',
      '/outside-dir/secret.txt',
      '/C:/secret.txt',
      `/${'a/'.repeat(600)}secret.txt`,
      '/%E0%A4%A/secret.txt',
    ];
    for (const path of attempts) {
      const answer = await send(served.origin, path);
      expect([path, answer.status]).not.toEqual([path, 200]);
      expect(answer.body.toString()).not.toContain(SECRET);
      expect(answer.body.toString()).not.toContain(CSS);
    }
  });

  it('never serves TypeScript sources or dotfiles, whatever the case or a symlink in front of them', async () => {
    for (const path of [
      '/index.ts',
      '/INDEX.TS',
      '/Module.MTS',
      '/disguised.css',
      '/.env',
      '/%2eenv',
      '/settings.txt',
    ]) {
      const answer = await send(served.origin, path);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body.toString()).not.toContain('entry script');
      expect(answer.body.toString()).not.toContain(SECRET);
    }
  });

  it('follows a symlink that stays inside the root', async () => {
    const answer = await send(served.origin, '/inside.css');
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(CSS);
  });
});

describe('serveStatic() options, app.fetch and config', () => {
  it('answers HEAD and conditional requests without opening the file', async () => {
    const app = staticApp();
    const opened = jest.spyOn(fsPromises, 'open');
    try {
      const etag = (await call(app, '/style.css', { method: 'HEAD' })).headers.get('etag') as string;
      const notModified = await call(app, '/style.css', { headers: { 'if-none-match': etag } });
      expect(notModified.status).toBe(304);
      expect(opened).not.toHaveBeenCalled();
      expect(await (await call(app, '/style.css')).text()).toBe(CSS);
      expect(opened).toHaveBeenCalledTimes(1);
    } finally {
      opened.mockRestore();
    }
  });

  it('follows symlinks out of the root only when told to, and serves dotfiles only when allowed', async () => {
    const app = staticApp({ followSymlinks: true, dotfiles: 'allow', maxAge: 60, immutable: true });
    const outside = await call(app, '/outside.txt');
    expect(await outside.text()).toBe(SECRET);
    expect(outside.headers.get('cache-control')).toBe('public, max-age=60, immutable');
    expect((await call(app, '/.env')).status).toBe(200);
  });

  it('turns index files off with index: false and serves chosen extensions with denyExtensions: []', async () => {
    const app = staticApp({ index: false, denyExtensions: [] });
    expect((await call(app, '/docs/')).status).toBe(404);
    expect((await call(app, '/docs')).status).toBe(404);
    expect(await (await call(app, '/index.ts')).text()).toBe(SOURCE);
  });

  it('serves under a mount path with pipe(path, …)', async () => {
    const app = appWith();
    app.pipe('/assets', serveStatic(root));
    const response = await call(app, '/assets/style.css');
    expect(await response.text()).toBe(CSS);
    const redirect = await call(app, '/assets/docs', { redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe('/assets/docs/');
  });

  it('works from middleware_pipeline config, as a factory call and as a container service', async () => {
    for (const middleware of [serveStatic(root), 'Assets']) {
      const app = appFromConfig(middleware, {
        path: '/static',
        services: { Assets: () => serveStatic(root) },
      });
      expect(await (await call(app, '/static/style.css')).text()).toBe(CSS);
    }
  });

  it('refuses a root that is not a directory, naming it', () => {
    const missing = join(dir, 'missing');
    expect(() => serveStatic(missing)).toThrow(MiddlewareError);
    expect(() => serveStatic(missing)).toThrow(
      `serveStatic: the root ${missing} is not a directory; give the folder that holds the files to serve.`,
    );
    expect(() => serveStatic(join(root, 'style.css'))).toThrow('is not a directory');
    expect(() => serveStatic(root, { index: ['../x'] })).toThrow('serveStatic: option `index`');
    expect(() => serveStatic(root, { maxAge: 1.5 })).toThrow('serveStatic: option `maxAge`');
  });
});

/** Sends raw bytes on one connection and collects everything until the server closes it. */
function rawExchange(origin: string, requests: string): Promise<Buffer> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy(new Error('the server did not close the connection')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.write(requests);
  });
}

describe('serveStatic() against a changing folder', () => {
  let served: Served;
  let swapped: string;
  beforeAll(async () => {
    swapped = join(dir, 'swap');
    mkdirSync(swapped);
    served = await listen(appWith(serveStatic(swapped)));
  });
  afterAll(() => served.close());

  it('serveStatic race between the symlink check and open(): a symlink swapped in before open is not followed', async () => {
    const path = join(swapped, 'race.txt');
    const realOpen = fsPromises.open;
    // The symlink is swapped in after the lookup checked the path; in the second case it is swapped
    // back before the open file is checked, so only the device and inode comparison can tell.
    for (const swapBack of [false, true]) {
      writeFileSync(path, 'harmless inside the root');
      const opened = jest.spyOn(fsPromises, 'open').mockImplementation(async (file, ...rest) => {
        if (file !== path) return realOpen(file, ...rest);
        rmSync(path);
        symlinkSync(join(dir, 'secret.txt'), path);
        const handle = await realOpen(file, ...rest);
        if (swapBack) {
          rmSync(path);
          writeFileSync(path, 'harmless inside the root');
        }
        return handle;
      });
      try {
        const answer = await send(served.origin, '/race.txt');
        expect(opened).toHaveBeenCalled();
        expect([swapBack, answer.status]).toEqual([swapBack, 404]);
        expect(answer.body.toString()).not.toContain(SECRET);
      } finally {
        opened.mockRestore();
        rmSync(path);
      }
    }
  });

  it('a file that shrinks during a send closes the connection instead of ending a short body', async () => {
    const path = join(swapped, 'shrinking.txt');
    writeFileSync(path, LARGE);
    const realOpen = fsPromises.open;
    const opened = jest.spyOn(fsPromises, 'open').mockImplementation(async (...args) => {
      const handle = await realOpen(...args);
      const createReadStream = handle.createReadStream.bind(handle);
      handle.createReadStream = (options) => {
        truncateSync(path, 1000);
        return createReadStream(options);
      };
      return handle;
    });
    try {
      const raw = await rawExchange(
        served.origin,
        'GET /shrinking.txt HTTP/1.1\r\nHost: x\r\n\r\nGET /other.txt HTTP/1.1\r\nHost: x\r\n\r\n',
      );
      const text = raw.toString('latin1');
      expect(text.startsWith('HTTP/1.1 200 OK')).toBe(true);
      expect(text).toContain(`content-length: ${LARGE.length}`);
      expect(raw.length - text.indexOf('\r\n\r\n') - 4).toBeLessThan(LARGE.length);
      expect(text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    } finally {
      opened.mockRestore();
      rmSync(path);
    }
  });
});

describe('serveStatic() conditional requests', () => {
  let served: Served;
  beforeAll(async () => (served = await listen(staticApp())));
  afterAll(() => served.close());

  it('serveStatic answers 412 when If-Match names no current validator (strong comparison)', async () => {
    const { etag } = (await send(served.origin, '/style.css')).headers;
    for (const ifMatch of ['"other"', String(etag), String(etag).slice(2), `"x", ${String(etag)}`]) {
      const answer = await send(served.origin, '/style.css', { headers: { 'if-match': ifMatch } });
      expect([ifMatch, answer.status, answer.body.length]).toEqual([ifMatch, 412, 0]);
    }
    const any = await send(served.origin, '/style.css', { headers: { 'if-match': '*' } });
    expect(any.status).toBe(200);
    expect(any.body.toString()).toBe(CSS);
  });

  it('serveStatic answers 412 when If-Unmodified-Since is older than the file', async () => {
    const modified = statSync(join(root, 'style.css')).mtime;
    const before = new Date(modified.getTime() - 60_000).toUTCString();
    const after = new Date(modified.getTime() + 60_000).toUTCString();
    expect(
      (await send(served.origin, '/style.css', { headers: { 'if-unmodified-since': before } })).status,
    ).toBe(412);
    const fine = await send(served.origin, '/style.css', { headers: { 'if-unmodified-since': after } });
    expect(fine.status).toBe(200);
    const ignored = await send(served.origin, '/style.css', {
      headers: { 'if-unmodified-since': 'not a date' },
    });
    expect(ignored.status).toBe(200);
    const range = await send(served.origin, '/bytes.bin', {
      headers: { 'if-unmodified-since': before, range: 'bytes=0-1' },
    });
    expect(range.status).toBe(412);
  });

  it('If-None-Match list parsing accepts HTAB as OWS', async () => {
    const { etag } = (await send(served.origin, '/style.css')).headers;
    for (const list of [`"a",\t${String(etag)}`, `"a"\t,\t${String(etag)}\t`, `\t${String(etag)}`]) {
      const answer = await send(served.origin, '/style.css', { headers: { 'if-none-match': list } });
      expect([JSON.stringify(list), answer.status]).toEqual([JSON.stringify(list), 304]);
    }
  });

  it('reads If-None-Match and If-Match members padded with 16 KB of spaces in one pass, serving requests beside them', async () => {
    // Trimmed by /[ \t]+$/, each of these took about half a second of the event loop: thirty of
    // them outlasted the five seconds `send` waits for an answer.
    const padded = `"x${' '.repeat(16_000)}y"`;
    const answers = await Promise.all([
      ...Array.from({ length: 15 }, () =>
        send(served.origin, '/style.css', { headers: { 'if-none-match': padded } }),
      ),
      ...Array.from({ length: 15 }, () =>
        send(served.origin, '/style.css', { headers: { 'if-match': padded } }),
      ),
      send(served.origin, '/api'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(15).fill(200),
      ...Array<number>(15).fill(412),
      200,
    ]);
  });

  it('pipe("/docs", serveStatic(root)): GET /docs redirects 301 to /docs/', async () => {
    const app = appWith();
    app.pipe('/docs', serveStatic(join(root, 'docs')));
    const mounted = await listen(app);
    try {
      const redirect = await send(mounted.origin, '/docs?lang=en');
      expect(redirect.status).toBe(301);
      expect(redirect.headers.location).toBe('/docs/?lang=en');
      const index = await send(mounted.origin, '/docs/');
      expect(index.status).toBe(200);
      expect(index.body.toString()).toBe('<h1>Docs</h1>');
    } finally {
      await mounted.close();
    }
  });
});
