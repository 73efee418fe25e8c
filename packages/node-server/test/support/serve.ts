import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Application } from '@framework/application';
import { type RunOptions, run } from '../../src';

/** Runs the application on an ephemeral port of 127.0.0.1 (no signal handlers) and returns its origin. */
export async function serve(
  app: Application,
  options: RunOptions = {},
): Promise<{ server: Server; origin: string }> {
  const server = await run(app, { ...options, host: '127.0.0.1', port: 0, handleSignals: false });
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}
