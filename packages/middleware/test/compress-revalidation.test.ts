import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { TextResponse } from '@framework/application';
import { compress, conditionalGet, serveStatic } from '../src';
import { appWith, listen, send, type Served } from './support/app';

const SCRIPT = 'console.log("a script worth compressing");\n'.repeat(200);

describe('compress() over serveStatic and conditionalGet: one validator per encoding', () => {
  let dir: string;
  let served: Served;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'revalidation-'));
    writeFileSync(join(dir, 'app.js'), SCRIPT);
    const app = appWith(compress(), conditionalGet(), serveStatic(dir));
    app.get('/page', () => new TextResponse(SCRIPT));
    served = await listen(app);
  });
  afterAll(async () => {
    await served.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serveStatic's ETag differs per encoding: the coding is appended", async () => {
    const identity = await send(served.origin, '/app.js', { headers: { 'accept-encoding': 'identity' } });
    const br = await send(served.origin, '/app.js', { headers: { 'accept-encoding': 'br' } });
    const gzip = await send(served.origin, '/app.js', { headers: { 'accept-encoding': 'gzip' } });
    const tag = String(identity.headers.etag);
    expect(tag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(br.headers.etag).toBe(`${tag.slice(0, -1)}-br"`);
    expect(gzip.headers.etag).toBe(`${tag.slice(0, -1)}-gzip"`);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
  });

  it('a Range request with the ETag of the brotli copy gets the identity bytes, not a 304', async () => {
    const br = await send(served.origin, '/app.js', { headers: { 'accept-encoding': 'br' } });
    const range = await send(served.origin, '/app.js', {
      headers: {
        'accept-encoding': 'identity',
        'if-none-match': String(br.headers.etag),
        range: 'bytes=0-6',
      },
    });
    expect(range.status).toBe(206);
    expect(range.body.toString()).toBe('console');
    expect(range.headers['content-encoding']).toBeUndefined();
    const ifRange = await send(served.origin, '/app.js', {
      headers: { 'accept-encoding': 'identity', 'if-range': String(br.headers.etag), range: 'bytes=0-6' },
    });
    expect(ifRange.status).toBe(200);
    expect(ifRange.body.toString()).toBe(SCRIPT);
  });

  it('revalidates each copy with its own tag: 304 names the tag the client holds, with Vary', async () => {
    for (const path of ['/app.js', '/page']) {
      const identity = await send(served.origin, path, { headers: { 'accept-encoding': 'identity' } });
      const br = await send(served.origin, path, { headers: { 'accept-encoding': 'br' } });
      const brAgain = await send(served.origin, path, {
        headers: { 'accept-encoding': 'gzip, br', 'if-none-match': String(br.headers.etag) },
      });
      expect([path, brAgain.status, brAgain.headers.etag]).toEqual([path, 304, br.headers.etag]);
      expect(brAgain.headers.vary).toBe('Accept-Encoding');
      const identityAgain = await send(served.origin, path, {
        headers: { 'accept-encoding': 'identity', 'if-none-match': String(identity.headers.etag) },
      });
      expect([path, identityAgain.status, identityAgain.headers.etag]).toEqual([
        path,
        304,
        identity.headers.etag,
      ]);
      const brWithGzipTag = await send(served.origin, path, {
        headers: {
          'accept-encoding': 'br',
          'if-none-match': String(br.headers.etag).replace('-br"', '-gzip"'),
        },
      });
      expect([path, brWithGzipTag.status, brWithGzipTag.headers['content-encoding']]).toEqual([
        path,
        200,
        'br',
      ]);
    }
  });

  it('compress: 304 answers carry Vary: Accept-Encoding', async () => {
    const first = await send(served.origin, '/app.js');
    const notModified = await send(served.origin, '/app.js', {
      headers: { 'if-modified-since': String(first.headers['last-modified']) },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.vary).toBe('Accept-Encoding');
  });
});
