import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { packFrameworkPackages, run, startServer, stop } from './support/packed-workspace';

// Scaffolds real projects from the workspace's packed tarballs, installs them, runs their tests and
// serves them on 127.0.0.1. Slow by nature: a few npm installs.
jest.setTimeout(300_000);

const cli = resolve(__dirname, '../dist/cli.js');

let workDir: string;
let tarballs: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'create-framework-app-e2e-'));
  tarballs = join(workDir, 'tarballs');
  mkdirSync(tarballs);
  packFrameworkPackages(tarballs);
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe.each([
  ['fmw', 'typedi', 'App'],
  ['ptr', 'none', 'App'],
  ['explicit-methods', 'typedi', 'Blog'],
])('a project with the %s router and %s container', (router, container, namespace) => {
  let project: string;

  beforeAll(() => {
    project = join(workDir, `app-${router}`);
    const printed = run(
      process.execPath,
      [
        cli,
        project,
        '--router',
        router,
        '--container',
        container,
        '--namespace',
        namespace,
        '--yes',
        '--packages-from',
        tarballs,
      ],
      workDir,
    );
    expect(printed).toContain('Dependencies installed.');
    expect(printed).toContain('npm run serve');
  });

  it('passes its own tests', () => {
    expect(() => run('npm', ['test'], project)).not.toThrow();
  });

  it('builds and serves /, /ping, POST /post, the mounted /api and /assets over a real socket', async () => {
    run('npm', ['run', 'build'], project);
    const { child, base } = await startServer('dist/public/index.js', project, {
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_ENV: 'production',
    });
    try {
      const home = await fetch(`${base}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toBe('Hello from the framework skeleton!');

      const ping = await fetch(`${base}/ping`);
      const { ack } = (await ping.json()) as { ack: number };
      expect(Math.abs(ack - Date.now() / 1000)).toBeLessThan(5);

      const post = await fetch(`${base}/post`, { method: 'POST', body: 'abc' });
      expect(post.status).toBe(200);
      expect(await post.text()).toBe('Received 3 bytes.');

      const user = await fetch(`${base}/api/users/7`);
      expect(await user.json()).toEqual({ id: 7, self: '/api/users/7' });

      const css = await fetch(`${base}/assets/site.css`);
      expect([css.status, css.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
      expect(css.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await stop(child);
    }
  });
});
