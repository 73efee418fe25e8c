import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TextResponse } from '@framework/application';
import { serveStatic } from '../src';
import { appWith, listen, send, type Served } from './support/app';

// A guard piped at a path reads the request path as text; serveStatic decodes it to find the file.
// A path whose escapes a prefix could not name (`%70` for `p`, lower-case hex) must not reach a file
// the guard protects under its plain spelling.

const PRIVATE = 'PRIVATE-REPORT';
let dir: string;
let served: Served;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'serve-static-guard-'));
  mkdirSync(join(dir, 'private'));
  mkdirSync(join(dir, 'café'));
  writeFileSync(join(dir, 'private', 'report.txt'), PRIVATE);
  writeFileSync(join(dir, 'café', 'menu.txt'), PRIVATE);
  writeFileSync(join(dir, 'a b.txt'), 'spaced');
  writeFileSync(join(dir, 'a@b.txt'), 'at');
  const app = appWith();
  app.pipe('/files/private', () => new TextResponse('guarded', { status: 403 }));
  app.pipe('/files/caf%C3%A9', () => new TextResponse('guarded', { status: 403 }));
  app.pipe('/files', serveStatic(dir));
  served = await listen(app);
});

afterAll(async () => {
  await served.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serveStatic() under a guard piped at a path', () => {
  it.each([
    '/files/%70rivate/report.txt',
    '/files/priv%61te/report.txt',
    '/files/%50rivate/report.txt',
    '/files/private%2Freport.txt',
    '/files/caf%c3%a9/menu.txt',
    '/files/caf%C3%a9/menu.txt',
  ])('%s does not reach the guarded file', async (path) => {
    const answer = await send(served.origin, path);
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).not.toContain(PRIVATE);
  });

  it.each(['/files/private/report.txt', '/files/caf%C3%A9/menu.txt'])(
    '%s answers the guard',
    async (path) => {
      expect((await send(served.origin, path)).status).toBe(403);
    },
  );

  it.each([
    ['/files/a%20b.txt', 'spaced'],
    ['/files/a@b.txt', 'at'],
    ['/files/a%40b.txt', 'at'],
  ])('%s still serves its file', async (path, body) => {
    const answer = await send(served.origin, path);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(body);
  });
});
