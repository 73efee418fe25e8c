import { resolve } from 'node:path';
import type { Application } from '@framework/application';
import { expect } from '@jest/globals';

/** The fixture project: its `config/autoload` holds the configuration-driven setup. */
export const fixtureRoot = resolve(__dirname, 'fixtures');

/** `app.fetch` with a path instead of a full URL. */
export function call(app: Application, path: string, init?: RequestInit): Promise<Response> {
  return app.fetch(new Request(`http://localhost${path}`, init));
}

/** Checks the `GET /` and `GET /ping` answers every mode serves (spec 4.1). */
export async function expectHomeAndPing(app: Application): Promise<void> {
  const home = await call(app, '/');
  expect(home.status).toBe(200);
  expect(home.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(await home.text()).toBe('Hello from @framework!');

  const before = Math.floor(Date.now() / 1000);
  const ping = await call(app, '/ping');
  expect(ping.headers.get('content-type')).toMatch(/^application\/json/);
  const { ack } = (await ping.json()) as { ack: number };
  expect(Number.isInteger(ack)).toBe(true);
  expect(ack).toBeGreaterThanOrEqual(before);
  expect(ack).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
}
