import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { resolveTarballs } from '../src';
import {
  answers,
  fallsSilent,
  killGroup,
  packFrameworkPackages,
  run,
  startProcess,
  startServer,
  stop,
} from './support/packed-workspace';

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

/** Scaffolds `name` with the CLI and the packed tarballs; returns the project folder. */
function create(name: string, flags: string[]): string {
  const project = join(workDir, name);
  const printed = run(
    process.execPath,
    [cli, project, ...flags, '--yes', '--packages-from', tarballs],
    workDir,
  );
  expect(printed).toContain('Dependencies installed.');
  expect(printed).toContain('npm run serve');
  return project;
}

/** `npm test` in the project runs its tests and one added under test/more/; `npm run typecheck` passes. */
function expectOwnTestsAndTypesPass(project: string): void {
  mkdirSync(join(project, 'test', 'more'), { recursive: true });
  writeFileSync(
    join(project, 'test', 'more', 'added.test.ts'),
    "import { test } from 'node:test';\ntest('a test file added to the project runs', () => {});\n",
  );
  const output = run('npm', ['test'], project);
  expect(output).toMatch(/^ok \d+ - a test file added to the project runs$/m);
  expect(output).toContain('# fail 0');
  rmSync(join(project, 'test', 'more'), { recursive: true });
  expect(() => run('npm', ['run', 'typecheck'], project)).not.toThrow();
}

/**
 * Starts `npm run <script>`, sends SIGTERM to the npm process only (what a supervisor does), and checks
 * the server stops answering: the script execs it, so npm's forwarded signal reaches the server and no
 * orphan keeps serving. The process group is killed afterwards whatever happened.
 */
async function expectSigtermToNpmStops(
  project: string,
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const { child, base } = await startProcess(
    'npm',
    ['run', script],
    project,
    { HOST: '127.0.0.1', PORT: '0', ...env },
    { group: true },
  );
  try {
    expect(await answers(base)).toBe(true);
    await stop(child); // SIGTERM to npm itself, and waits for it to exit
    expect(await fallsSilent(base)).toBe(true);
  } finally {
    killGroup(child);
  }
}

describe.each([
  ['fmw', 'typedi', 'App'],
  ['ptr', 'none', 'App'],
  ['explicit-methods', 'typedi', 'Blog'],
])('a config project with the %s router and %s container', (router, container, namespace) => {
  let project: string;

  beforeAll(() => {
    const flags = [
      '--style',
      'config',
      '--router',
      router,
      '--container',
      container,
      '--namespace',
      namespace,
    ];
    project = create(`app-${router}`, flags);
  });

  it('passes its own tests, every test/**/*.test.ts file among them, and its typecheck', () => {
    expectOwnTestsAndTypesPass(project);
  });

  it('is titled with its own name and installs from its own vendor/ folder', () => {
    expect(readFileSync(join(project, 'README.md'), 'utf8').split('\n')[0]).toBe(`# app-${router}`);
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    expect(manifest.overrides).toBeUndefined();
    expect(manifest.dependencies['@framework/application']).toMatch(/^file:vendor\/framework-application-/);
    expect(manifest.dependencies['@framework/config-loader']).toMatch(
      /^file:vendor\/framework-config-loader-/,
    );
  });

  it('installs a package tarball later without EOVERRIDE', () => {
    const middleware = resolveTarballs(tarballs).get('@framework/middleware') as string;
    expect(() =>
      run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', middleware], project),
    ).not.toThrow();
    expect(() =>
      run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], project),
    ).not.toThrow();
  });

  it('stops serving when the npm process of npm start or npm run serve gets SIGTERM', async () => {
    run('npm', ['run', 'build'], project);
    await expectSigtermToNpmStops(project, 'start', { NODE_ENV: 'production' });
    await expectSigtermToNpmStops(project, 'serve', {});
  });

  it('builds and serves /, /ping, POST /post, the mounted /api, /assets and /health/ready over a real socket, logging with pino', async () => {
    run('npm', ['run', 'build'], project);
    const { child, base } = await startServer('dist/public/index.js', project, {
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_ENV: 'production',
    });
    let logged = '';
    child.stdout?.on('data', (chunk: Buffer) => (logged += chunk.toString()));
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

      // requestId() ignores a client's id by default: the answer and the log line carry a fresh UUID.
      const ready = await fetch(`${base}/health/ready`, { headers: { 'x-request-id': 'e2e-check-1' } });
      expect(ready.status).toBe(200);
      const reqId = ready.headers.get('x-request-id');
      expect(reqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      await ready.text();
      // pino writes one JSON line per request.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(logged).toContain(`"reqId":"${reqId}","method":"GET","path":"/health/ready","status":200`);
    } finally {
      await stop(child);
    }
  });
});

describe.each([
  ['fmw', []],
  ['explicit-methods', ['--style', 'code-first', '--router', 'explicit-methods']],
])('a code-first project with the %s router', (router, flags) => {
  let project: string;

  beforeAll(() => {
    project = create(`code-first-${router}`, flags);
    expect(readFileSync(join(project, 'src', 'app.ts'), 'utf8')).toContain(`@framework/router-${router}`);
  });

  it('passes its own tests, every test/**/*.test.ts file among them, and its typecheck', () => {
    expectOwnTestsAndTypesPass(project);
  });

  it('stops serving when the npm process of npm start or npm run serve gets SIGTERM', async () => {
    run('npm', ['run', 'build'], project);
    await expectSigtermToNpmStops(project, 'start', { NODE_ENV: 'production' });
    await expectSigtermToNpmStops(project, 'serve', {});
  });

  it('builds and serves its routes over a real socket, logging its start, requests and stop with pino', async () => {
    run('npm', ['run', 'build'], project);
    const { child, base } = await startServer('dist/server.js', project, { HOST: '127.0.0.1', PORT: '0' });
    let logged = '';
    child.stdout?.on('data', (chunk: Buffer) => (logged += chunk.toString()));
    const closed = new Promise((done) => child.once('close', done)); // its output read to the end
    try {
      expect(await (await fetch(`${base}/`)).text()).toBe('Hello from @framework!');
      expect(await (await fetch(`${base}/users/7`)).json()).toEqual({ id: 7 });
      expect((await fetch(`${base}/users/seven`)).status).toBe(404);
      const echo = await fetch(`${base}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"note":"hi"}',
      });
      expect(await echo.json()).toEqual({ received: { note: 'hi' } });
      expect(echo.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await stop(child);
    }
    await closed;
    const lines = logged
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map(({ msg }) => msg)).toEqual([
      'request completed',
      'request completed',
      'request completed',
      'request completed',
      expect.stringMatching(
        /^Serving http:\/\/127\.0\.0\.1:\d+ stopped after SIGTERM in \d+ ms: every request in flight was answered$/,
      ),
    ]);
  });
});
