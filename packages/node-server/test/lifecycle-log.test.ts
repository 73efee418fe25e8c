import { afterEach, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { type Fixture, logLines, startFixture, stopFixture, waitFor } from './support/fixture-process';

let running: Fixture | undefined;
afterEach(() => {
  if (running !== undefined) stopFixture(running);
  running = undefined;
});

/** Starts logged-server.js; resolves with its port once it listens. */
async function startLogged(env: NodeJS.ProcessEnv = {}): Promise<{ fixture: Fixture; port: number }> {
  const fixture = startFixture('logged-server.js', env);
  running = fixture;
  const [, port] = await waitFor(fixture, /listening (\d+)/);
  return { fixture, port: Number(port) };
}

describe('run() logs where it listens and how it stopped', () => {
  test('one line once it listens: url, address, port, router, mode and workers', async () => {
    const { fixture, port } = await startLogged();
    expect(logLines(fixture)).toEqual([
      {
        level: 'info',
        pid: fixture.child.pid,
        url: `http://127.0.0.1:${port}`,
        address: '127.0.0.1',
        port,
        router: 'FindMyWayRouter',
        mode: 'production',
        workers: 1,
        msg: `Listening on http://127.0.0.1:${port} (FindMyWayRouter, production, 1 process)`,
      },
    ]);
  }, 30_000);

  test('without a logger, the two lines go to stdout, outside a test run (NODE_ENV=test keeps them quiet)', async () => {
    const loud = startFixture('slow-server.js', { NODE_ENV: 'production' });
    running = loud;
    const [, port] = await waitFor(loud, /listening (\d+)/);
    await waitFor(
      loud,
      /\[framework\] Listening on http:\/\/127\.0\.0\.1:\d+ \(FindMyWayRouter, production, 1 process\)/,
    );
    loud.child.kill('SIGTERM');
    expect(await loud.exited).toBe(0);
    expect(loud.output()).toContain(`[framework] Serving http://127.0.0.1:${port} stopped after SIGTERM`);

    const quiet = startFixture('slow-server.js', { NODE_ENV: 'test' });
    running = quiet;
    await waitFor(quiet, /listening \d+/);
    quiet.child.kill('SIGTERM');
    expect(await quiet.exited).toBe(0);
    expect(quiet.output()).not.toContain('[framework]');
  }, 30_000);

  test('SIGTERM: one more line once every request in flight is answered, naming the signal', async () => {
    const { fixture, port } = await startLogged();
    const pending = request(`http://127.0.0.1:${port}/slow`);
    pending.catch(() => undefined); // awaited below
    await waitFor(fixture, /started/);
    fixture.child.kill('SIGTERM');
    expect(await (await pending).body.text()).toBe('finished');
    expect(await fixture.exited).toBe(0);
    const [, stopped, ...more] = logLines(fixture);
    expect(more).toEqual([]);
    expect(stopped).toMatchObject({ level: 'info', reason: 'SIGTERM', drained: true });
    expect(stopped?.durationMs).toEqual(expect.any(Number));
    expect(stopped?.msg).toBe(
      `Serving http://127.0.0.1:${port} stopped after SIGTERM in ${String(stopped?.durationMs)} ms: ` +
        'every request in flight was answered',
    );
  }, 30_000);

  test('SIGINT with a request that never answers: the line says the shutdown was forced', async () => {
    const { fixture, port } = await startLogged({ SHUTDOWN_TIMEOUT: '200', DEVELOPMENT: '1' });
    expect(logLines(fixture)[0]).toMatchObject({ mode: 'development' });
    const pending = request(`http://127.0.0.1:${port}/hang`);
    const cut = pending.then(
      () => 'answered',
      () => 'cut',
    );
    await waitFor(fixture, /started/);
    fixture.child.kill('SIGINT');
    expect(await cut).toBe('cut');
    expect(await fixture.exited).toBe(0);
    const stopped = logLines(fixture)[1];
    expect(stopped).toMatchObject({ reason: 'SIGINT', drained: false });
    expect(stopped?.msg).toMatch(
      /^Serving http:\/\/127\.0\.0\.1:\d+ stopped after SIGINT in \d+ ms: what was still busy after shutdownTimeout was cut$/,
    );
  }, 30_000);
});

describe('run({ workers }) without a script to fork', () => {
  const fixtureDir = join(__dirname, 'fixtures');
  const code = readFileSync(join(fixtureDir, 'no-script.js'), 'utf8');
  const refusal =
    'refused FRAMEWORK_ERR_APP_INVALID_OPTION: run({ workers: 2 }) forks workers that run this ' +
    "process's script again, and this process has none (started with node -e, node -p, a REPL or " +
    'code on standard input). Put the code in a file and start it with node (node server.js), or ' +
    'serve in this process with workers: 1.\n';

  /** Runs node with `args`, `input` on its standard input; resolves with its exit code and output. */
  function node(args: string[], input = ''): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        cwd: fixtureDir,
        env: { ...process.env, FIXTURE_DIR: fixtureDir },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (exitCode) => resolve({ code: exitCode, output }));
      child.stdin.end(input);
    });
  }

  test('node -e: refuses with a message naming the cause and the fix, forking nothing', async () => {
    expect(await node(['-e', code])).toEqual({ code: 3, output: refusal });
  }, 30_000);

  test('node -e with an argument that is no script: refuses the same way', async () => {
    expect(await node(['-e', code, 'an-argument'])).toEqual({ code: 3, output: refusal });
  }, 30_000);

  test('code piped to node: refuses the same way', async () => {
    expect(await node([], code)).toEqual({ code: 3, output: refusal });
  }, 30_000);
});
