import { describe, expect, test } from '@jest/globals';
import { ApplicationError } from '@framework/application';
import { run } from '../src';
import { createApp } from './support/app';

describe('run() options for workers', () => {
  test.each([0, -1, 1.5, 1025, 'all', Number.NaN])('refuses workers: %p', async (workers) => {
    const running = run(createApp(), { port: 0, workers: workers as never });
    await expect(running).rejects.toThrow(ApplicationError);
    await expect(running).rejects.toThrow(
      `run({ workers }) must be 'auto' or a whole number from 1 to 1024, got ${String(workers)}.`,
    );
  });

  test.each([-1, 2.5, '10'])('refuses maxRestartsPerMinute: %p', async (value) => {
    await expect(run(createApp(), { port: 0, maxRestartsPerMinute: value as never })).rejects.toThrow(
      `run({ maxRestartsPerMinute }) must be a whole number of restarts (0 or more), got ${String(value)}.`,
    );
  });

  test('workers: 1 serves in this process and resolves to the server', async () => {
    const server = await run(createApp(), { host: '127.0.0.1', port: 0, workers: 1, handleSignals: false });
    expect(server.listening).toBe(true);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
