import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app as applicationApp } from '../samples/readme/application';
import { app as middlewareApp } from '../samples/readme/middleware';
import { app as explicitApp } from '../samples/readme/router-explicit-methods';
import { app as fmwApp } from '../samples/readme/router-fmw';
import { app as ptrApp } from '../samples/readme/router-ptr';
import { REPOSITORY_ROOT, serveSample } from './serve-sample';

const SAMPLES = join(__dirname, '..', 'samples', 'readme');

/** The first `ts` block of a package README: its one example. */
function readmeExample(folder: string): string {
  const readme = readFileSync(join(REPOSITORY_ROOT, 'packages', folder, 'README.md'), 'utf8');
  return /```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? `no ts block in packages/${folder}/README.md`;
}

describe('the example of each package README is a sample of this guide, as written', () => {
  test.each([
    ['application', 'application.ts'],
    ['middleware', 'middleware.ts'],
    ['router-contract', 'router-contract.test.ts'],
    ['router-fmw', 'router-fmw.ts'],
    ['router-ptr', 'router-ptr.ts'],
    ['router-explicit-methods', 'router-explicit-methods.ts'],
    ['node-server', 'node-server.ts'],
  ])('packages/%s/README.md shows samples/readme/%s', (folder, sample) => {
    expect(readmeExample(folder)).toBe(readFileSync(join(SAMPLES, sample), 'utf8'));
  });
});

describe('the README examples answer as their comments say', () => {
  test('@framework/application', async () => {
    expect(await (await applicationApp.request('/')).text()).toBe('Hello world');
    expect(await (await applicationApp.request('/post/12')).json()).toEqual({ id: '12' });
    expect((await applicationApp.request('/post/abc')).status).toBe(404);
    const created = await applicationApp.request('/post', {
      method: 'POST',
      body: '{"title":"Hi"}',
      headers: { 'content-type': 'application/json' },
    });
    expect([created.status, await created.json()]).toEqual([201, { title: 'Hi' }]);
  });

  test('@framework/middleware', async () => {
    const post = (headers: Record<string, string>, body: string) =>
      middlewareApp.request('/notes', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...headers },
      });
    const anonymous = await post({}, '{"text":"hi"}');
    expect([anonymous.status, anonymous.headers.get('www-authenticate')]).toEqual([
      401,
      'Bearer realm="Restricted"',
    ]);
    expect(anonymous.headers.get('x-content-type-options')).toBe('nosniff');
    const authorization = { authorization: 'Bearer a-development-token-of-some-length' };
    expect((await post(authorization, '{"text":""}')).status).toBe(400);
    const created = await post({ ...authorization, origin: 'https://app.example.com' }, '{"text":"hi"}');
    expect([created.status, await created.json()]).toEqual([201, { text: 'hi' }]);
    expect(created.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
  });

  test.each([
    ['FindMyWayRouter', fmwApp],
    ['PathToRegexpRouter', ptrApp],
  ])('%s', async (_name, app) => {
    expect(await (await app.request('/files/report.tar.gz')).json()).toEqual({
      name: 'report.tar',
      ext: 'gz',
    });
    expect((await app.request('/users/abc')).status).toBe(404);
    expect((await app.request(`/files/${'a'.repeat(201)}.json`)).status).toBe(404); // maxParamLength
  });

  test('FindMyWayRouter answers any method on a route without a list', async () => {
    expect((await fmwApp.request('/cache/x', { method: 'PURGE' })).status).toBe(200);
  });

  test('PathToRegexpRouter splits a segment around literal text', async () => {
    expect(await (await ptrApp.request('/api/v2/me')).json()).toEqual({ version: '2' });
  });

  test('ExplicitMethodsRouter', async () => {
    expect((await explicitApp.request('/post/1', { method: 'PATCH' })).status).toBe(200);
    const purge = await explicitApp.request('/post/1', { method: 'PURGE' });
    expect([purge.status, purge.headers.get('allow')]).toEqual([
      405,
      'HEAD, OPTIONS, GET, POST, PATCH, PUT, TRACE, DELETE',
    ]);
    expect((await explicitApp.request('/posts')).status).toBe(200);
    const get = await explicitApp.request('/trackback');
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST, HEAD, OPTIONS']);
  });

  test('@framework/node-server serves on HOST and PORT and exits 0 on SIGTERM', async () => {
    const server = await serveSample(process.execPath, ['--import', 'tsx', join(SAMPLES, 'node-server.ts')]);
    try {
      expect(await (await fetch(`${server.origin}/`)).text()).toBe('Hello world');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
