import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { type AppProcess, startProcess, stopProcesses } from './support/app-process';
import { type Answer, send } from './support/http-get';
import { describeWithRedis, type RunningRedis, startRedis } from './support/redis-server';

const SECRET = 'a-session-secret-shared-by-every-process-0123456789';

interface Me {
  readonly pid: number;
  readonly user: string | null;
  readonly note: string | null;
}

/** The `sid` cookie an answer sets: its value, '' when it drops the cookie, undefined when it sets none. */
function sidOf(answer: Answer): string | undefined {
  const cookie = (answer.headers['set-cookie'] ?? []).find((line) => line.startsWith('sid='));
  if (cookie === undefined) return undefined;
  return /Max-Age=0/i.test(cookie) ? '' : (/^sid=([^;]*)/.exec(cookie)?.[1] ?? '');
}

describeWithRedis('sessions shared by two processes behind one Redis', () => {
  let redis: RunningRedis;
  let first: AppProcess;
  let second: AppProcess;

  beforeAll(async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url, SESSION_SECRET: SECRET };
    [first, second] = await Promise.all([
      startProcess('session-server.js', env),
      startProcess('session-server.js', env),
    ]);
  }, 30_000);
  afterAll(async () => {
    await stopProcesses();
    await redis?.stop();
  }, 30_000);

  async function call(
    through: AppProcess,
    method: string,
    path: string,
    sid?: string,
  ): Promise<{ answer: Answer; me: Me }> {
    const answer = await send(
      through.origin,
      method,
      path,
      sid === undefined ? {} : { cookie: `sid=${sid}` },
    );
    expect([method, path, answer.status]).toEqual([method, path, 200]);
    return { answer, me: JSON.parse(answer.body) as Me };
  }

  it('a session made through one process is read, rotated and destroyed through the other; its old ids are worth nothing', async () => {
    // Signed in through the first process.
    const login = await call(first, 'POST', '/login?user=ada');
    const signedIn = sidOf(login.answer) as string;
    expect(signedIn).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // Read and written through the second.
    const read = await call(second, 'POST', '/note?text=hello', signedIn);
    expect([read.me.pid, read.me.user]).toEqual([second.child.pid, 'ada']);
    expect((await call(first, 'GET', '/me', signedIn)).me).toEqual({
      pid: first.child.pid,
      user: 'ada',
      note: 'hello',
    });

    // Rotated through the second: the new id carries the session, the old one is gone on both.
    const rotate = await call(second, 'POST', '/rotate', signedIn);
    const rotated = sidOf(rotate.answer) as string;
    expect([rotated.length, rotated === signedIn]).toEqual([32, false]);
    expect((await call(first, 'GET', '/me', rotated)).me).toEqual({
      pid: first.child.pid,
      user: 'ada',
      note: 'hello',
    });
    for (const through of [first, second]) {
      const replay = await call(through, 'GET', '/me', signedIn);
      expect([replay.me.user, replay.me.note, sidOf(replay.answer)]).toEqual([null, null, '']);
    }

    // Destroyed through the first: the rotated id is worth nothing on either process.
    const logout = await call(first, 'POST', '/logout', rotated);
    expect([logout.me.user, sidOf(logout.answer)]).toEqual([null, '']);
    for (const through of [second, first]) {
      const replay = await call(through, 'GET', '/me', rotated);
      expect([replay.me.user, replay.me.note, sidOf(replay.answer)]).toEqual([null, null, '']);
    }
    // A write with the destroyed id does not bring the session back.
    const late = await call(second, 'POST', '/note?text=late', rotated);
    expect((await call(first, 'GET', '/me', rotated)).me.note).toBeNull();
    expect(sidOf(late.answer)).not.toBe(rotated);
  }, 60_000);

  it('answers a tampered or forged id with a fresh session on both processes', async () => {
    const { answer } = await call(first, 'POST', '/login?user=grace');
    const sid = sidOf(answer) as string;
    const tampered = (sid[0] === 'A' ? 'B' : 'A') + sid.slice(1);
    for (const [through, id] of [
      [second, tampered],
      [first, `${sid}x`],
      [second, '../../framework:ratelimit:default:127.0.0.1'],
    ] as const) {
      const replay = await call(through, 'GET', '/me', id);
      expect([replay.me.user, sidOf(replay.answer)]).toEqual([null, '']);
    }
    expect((await call(second, 'GET', '/me', sid)).me.user).toBe('grace');
  }, 30_000);
});
