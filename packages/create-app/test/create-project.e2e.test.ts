import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
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

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`The project exited early:\n${output()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }
  throw new Error(`The project did not start serving:\n${output()}`);
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

  it('builds and serves /, /ping, POST /post and the mounted /api over a real socket', async () => {
    run('npm', ['run', 'build'], project);
    const port = await freePort();
    const child = spawn(process.execPath, ['dist/public/index.js'], {
      cwd: project,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitUntilServing(`${base}/ping`, child, () => output);

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
    } finally {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
