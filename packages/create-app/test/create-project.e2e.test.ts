import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Scaffolds real projects from the workspace's packed tarballs, installs them, runs their tests and
// serves them on 127.0.0.1. Slow by nature: a few npm installs.
jest.setTimeout(300_000);

const repoRoot = resolve(__dirname, '../../..');
const cli = resolve(__dirname, '../dist/cli.js');
const frameworkPackages = [
  'router-contract',
  'application',
  'router-fmw',
  'router-ptr',
  'router-explicit-methods',
  'container-typedi',
];

let workDir: string;
let tarballs: string;

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'test' },
  });
}

/** Resolves with the port once the project prints "Listening on http://host:port". */
function listeningPort(child: ChildProcess, output: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The project did not start serving:\n${output()}`)),
      60_000,
    );
    const onData = (): void => {
      const match = /Listening on http:\/\/[^:]+:(\d+)/.exec(output());
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`The project exited early:\n${output()}`));
    });
  });
}

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'create-framework-app-e2e-'));
  tarballs = join(workDir, 'tarballs');
  mkdirSync(tarballs);
  for (const name of frameworkPackages) {
    run('npm', ['pack', '--silent', '--pack-destination', tarballs], join(repoRoot, 'packages', name));
  }
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

  it('builds and serves /, /ping, POST /post, the mounted /api and /health/ready over a real socket, logging with pino', async () => {
    run('npm', ['run', 'build'], project);
    const child = spawn(process.execPath, ['dist/public/index.js'], {
      cwd: project,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const base = `http://127.0.0.1:${await listeningPort(child, () => output)}`;

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

      const ready = await fetch(`${base}/health/ready`, { headers: { 'x-request-id': 'e2e-check-1' } });
      expect(ready.status).toBe(200);
      expect(ready.headers.get('x-request-id')).toBe('e2e-check-1');
      await ready.text();
      // pino writes one JSON line per request.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(output).toMatch(/"reqId":"e2e-check-1","method":"GET","path":"\/health\/ready","status":200/);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
    }
  });
});
