import { describe, expect, test } from '@jest/globals';
import { request } from 'undici';
import { startFixture, stopFixture, waitFor } from './support/fixture-process';

describe('run() and signals', () => {
  test.each(['SIGTERM', 'SIGINT'] as const)(
    '%s: stops accepting, finishes the in-flight request, then exits 0',
    async (signal) => {
      const running = startFixture('slow-server.js');
      try {
        const [, port] = await waitFor(running, /listening (\d+)/);
        const pending = request(`http://127.0.0.1:${port}/slow`);
        pending.catch(() => undefined); // awaited below; this only keeps an early failure handled
        await waitFor(running, /started/);
        running.child.kill(signal);
        const response = await pending;
        expect(response.statusCode).toBe(200);
        expect(response.headers.connection).toBe('close');
        expect(await response.body.text()).toBe('finished');
        expect(await running.exited).toBe(0);
        expect(running.output()).toContain('exit 0');
      } finally {
        stopFixture(running);
      }
    },
    60_000,
  );
});
