import { describe, expect, test } from '@jest/globals';
import { request } from 'undici';
import { startFixture, stopFixture, waitFor } from './support/fixture-process';

describe('run() twice in one process', () => {
  test('Two run() servers in one process: SIGTERM waits for all of them', async () => {
    const running = startFixture('two-servers.js');
    try {
      const [, apiPort, adminPort] = await waitFor(running, /listening (\d+) (\d+)/);
      expect(await (await request(`http://127.0.0.1:${apiPort}/ping`)).body.text()).toBe('pong');
      const pending = request(`http://127.0.0.1:${adminPort}/slow`);
      pending.catch(() => undefined); // awaited below; this only keeps an early failure handled
      await waitFor(running, /started/);
      running.child.kill('SIGTERM');
      const response = await pending;
      expect(response.statusCode).toBe(200);
      expect(await response.body.text()).toBe('finished');
      expect(await running.exited).toBe(0);
      expect(running.output()).toMatch(/api closed\n[^]*exit 0/);
    } finally {
      stopFixture(running);
    }
  }, 60_000);
});
