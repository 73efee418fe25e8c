import { afterEach, describe, expect, test } from '@jest/globals';
import { get } from 'node:http';
import { Agent, request } from 'undici';
import {
  type Fixture,
  logLines,
  startFixture,
  stopFixture,
  waitFor,
  waitForAll,
} from './support/fixture-process';

const WORKER_LISTENING = /worker (\d+) listening (\d+)/g;

let running: Fixture | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  await agent?.destroy();
  agent = undefined;
  if (running) stopFixture(running);
  running = undefined;
});

/** Starts the two-worker fixture; resolves with the shared port and the workers' pids. */
async function startCluster(
  env: NodeJS.ProcessEnv = {},
): Promise<{ fixture: Fixture; port: number; pids: number[] }> {
  const fixture = startFixture('cluster-server.js', env);
  running = fixture;
  await waitFor(fixture, /primary ready/);
  const listening = await waitForAll(fixture, WORKER_LISTENING, 2);
  const ports = new Set(listening.map((match) => Number(match[2])));
  expect(ports.size).toBe(1);
  return { fixture, port: [...ports][0] as number, pids: listening.map((match) => Number(match[1])) };
}

/** The pids answering `count` requests, each over a fresh connection (spread round-robin). */
async function pidsOverFreshConnections(port: number, count: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let index = 0; index < count; index += 1) {
    const body = await new Promise<string>((resolve, reject) => {
      const req = get({ host: '127.0.0.1', port, path: '/pid', agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.setTimeout(5_000, () => req.destroy(new Error('no answer from /pid within 5 s')));
    });
    pids.add(Number(body));
  }
  return pids;
}

/** Answers from `count` requests over `connections` keep-alive connections: pids, or the error. */
async function load(port: number, count: number, connections: number): Promise<(number | Error)[]> {
  agent = new Agent({ connections, pipelining: 1 });
  const one = async (): Promise<number | Error> => {
    try {
      // A connection the primary handed to the worker as it died is never answered: time it out.
      const response = await request(`http://127.0.0.1:${port}/pid`, {
        dispatcher: agent,
        headersTimeout: 5_000,
        bodyTimeout: 5_000,
      });
      return Number(await response.body.text());
    } catch (error) {
      return error as Error;
    }
  };
  return Promise.all(Array.from({ length: count }, one));
}

describe('run({ workers: 2 })', () => {
  test('two workers share one port and answer from two process ids', async () => {
    const { port, pids } = await startCluster();
    expect(new Set(pids).size).toBe(2);
    const answered = await pidsOverFreshConnections(port, 8);
    expect([...answered].sort()).toEqual([...pids].sort());
  }, 30_000);

  test('a killed worker loses only its in-flight requests and is replaced', async () => {
    const { fixture, port, pids } = await startCluster();
    const victim = pids[0] as number;
    const connections = 4;
    const loaded = load(port, 400, connections);
    await new Promise((resolve) => setTimeout(resolve, 30));
    process.kill(victim, 'SIGKILL');
    const answers = await loaded;
    const failed = answers.filter((answer) => answer instanceof Error);
    // At most one request per connection was in flight at the victim when it died.
    expect(failed.length).toBeLessThanOrEqual(connections);
    expect(answers.length - failed.length).toBeGreaterThanOrEqual(400 - connections);

    const [replacement] = (await waitForAll(fixture, WORKER_LISTENING, 3)).slice(2);
    expect(fixture.output()).toContain(
      // "worker exited", or "worker failed to start" if no request reached it before it was killed.
      `; starting another { pid: ${victim}, exitCode: null, signal: 'SIGKILL'`,
    );
    const newPid = Number(replacement?.[1]);
    expect(pids).not.toContain(newPid);
    const answered = await pidsOverFreshConnections(port, 8);
    expect([...answered].sort()).toEqual([pids[1] as number, newPid].sort());
  }, 30_000);

  test('SIGTERM on the primary answers every request in flight, then all exit 0', async () => {
    const { fixture, port, pids } = await startCluster();
    agent = new Agent({ connections: 4 });
    const pending = Array.from({ length: 4 }, () =>
      request(`http://127.0.0.1:${port}/slow`, { dispatcher: agent, reset: true }).then(async (response) => ({
        status: response.statusCode,
        body: await response.body.text(),
      })),
    );
    for (const promise of pending) promise.catch(() => undefined); // awaited below
    await waitForAll(fixture, /slow started (\d+)/g, 4);
    fixture.child.kill('SIGTERM');
    const answers = await Promise.all(pending);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatch(/^finished by \d+$/);
    }
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(2); // both workers were busy
    expect(await fixture.exited).toBe(0);
    for (const pid of pids) expect(fixture.output()).toContain(`exit worker ${pid} 0`);
    expect(fixture.output()).toMatch(/exit primary \d+ 0/);
  }, 30_000);

  test('the primary logs one line where the workers listen, and each process one when it has stopped', async () => {
    const { fixture, port, pids } = await startCluster({ LOG_LINES: '1' });
    const primary = fixture.child.pid;
    expect(logLines(fixture)).toEqual([
      {
        level: 'info',
        pid: primary,
        url: `http://127.0.0.1:${port}`,
        address: '127.0.0.1',
        port,
        router: 'FindMyWayRouter',
        mode: 'production',
        workers: 2,
        msg: `Listening on http://127.0.0.1:${port} (FindMyWayRouter, production, 2 workers)`,
      },
    ]);
    fixture.child.kill('SIGTERM');
    expect(await fixture.exited).toBe(0);
    const stopped = logLines(fixture).slice(1);
    expect(stopped.map(({ pid, reason, drained }) => ({ pid, reason, drained }))).toEqual(
      expect.arrayContaining([
        ...pids.map((pid) => ({ pid, reason: 'primary shutdown', drained: true })),
        { pid: primary, reason: 'SIGTERM', drained: true },
      ]),
    );
    expect(stopped).toHaveLength(3);
    expect(stopped.at(-1)?.msg).toMatch(
      /^2 workers stopped after SIGTERM in \d+ ms: every request in flight was answered$/,
    );
  }, 30_000);

  test('workers that keep dying stop the primary with FRAMEWORK_ERR_APP_WORKER_RESTARTS', async () => {
    const fixture = startFixture('cluster-server.js', { CRASH: '1', MAX_RESTARTS: '2' });
    running = fixture;
    expect(await fixture.exited).toBe(1);
    expect(fixture.output()).toContain(
      'Workers failed to start 3 times within a minute (maxRestartsPerMinute: 2; a worker fails to start ' +
        'when it dies before listening, or within minUptime (5000 ms) of listening before its first request): ' +
        'stopping all workers.',
    );
    expect(fixture.output()).toContain('FRAMEWORK_ERR_APP_WORKER_RESTARTS');
    expect(fixture.output()).not.toContain('primary ready');
  }, 30_000);
});
