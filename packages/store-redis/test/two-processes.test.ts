import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { type Answer, get } from './support/http-get';
import { describeWithRedis, type RunningRedis, startRedis } from './support/redis-server';

interface Process {
  readonly child: ChildProcess;
  readonly origin: string;
}

const started: ChildProcess[] = [];

function startProcess(redisUrl: string): Promise<Process> {
  const child = fork(join(__dirname, 'fixtures', 'limited-server.js'), [], {
    env: { ...process.env, REDIS_URL: redisUrl, FIXED_NOW: String(Date.UTC(2026, 0, 1)) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  started.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (message) =>
      resolve({ child, origin: `http://127.0.0.1:${(message as { port: number }).port}` }),
    );
    child.once('exit', (code) => reject(new Error(`the application process exited with ${String(code)}`)));
  });
}

/** Asks a process to stop, and kills it by its PID when it has not within five seconds. */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send('stop');
    else child.kill('SIGKILL');
  });
}

describeWithRedis('two processes behind one Redis', () => {
  let redis: RunningRedis;
  let processes: Process[];

  beforeAll(async () => {
    redis = await startRedis();
    processes = await Promise.all([startProcess(redis.url), startProcess(redis.url)]);
  }, 30_000);
  afterAll(async () => {
    await Promise.all(started.map(stopProcess));
    await redis?.stop();
  }, 30_000);

  it('share one limit of 100 per minute: of 300 requests spread over both, exactly 100 are not 429', async () => {
    const answers: Answer[] = [];
    for (let batch = 0; batch < 30; batch++) {
      const sent = Array.from({ length: 10 }, (_, i) =>
        get((processes[(batch * 10 + i) % 2] as Process).origin),
      );
      answers.push(...(await Promise.all(sent)));
    }
    const served = answers.filter((answer) => answer.status !== 429);
    const refused = answers.filter((answer) => answer.status === 429);
    expect([served.length, refused.length]).toEqual([100, 200]);
    expect(new Set(served.map((answer) => answer.status))).toEqual(new Set([200]));
    // Both processes served some of the hundred.
    expect(new Set(served.map((answer) => answer.body)).size).toBe(2);

    // The countdown: each remaining count from 99 to 0 was told exactly once, in both header styles.
    const remaining = served.map((answer) => Number(/;r=(\d+);/.exec(String(answer.headers.ratelimit))?.[1]));
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    for (const answer of served) {
      expect(answer.headers['ratelimit-policy']).toBe('"default";q=100;w=60');
      expect(answer.headers['x-ratelimit-remaining']).toBe(
        /;r=(\d+);/.exec(String(answer.headers.ratelimit))?.[1],
      );
    }
    for (const answer of refused) {
      expect([
        answer.headers['content-type'],
        answer.headers['retry-after'],
        answer.headers.ratelimit,
      ]).toEqual(['application/problem+json', '1', '"default";r=0;t=60']);
    }
  }, 60_000);
});
