import type { AddressInfo } from 'node:net';
import type { Application } from '@framework/application';
import { run } from '@framework/node-server';

/** An application served in this process on a free port of 127.0.0.1. */
export interface Served {
  readonly origin: string;
  close(): Promise<void>;
}

export async function serve(app: Application): Promise<Served> {
  const server = await run(app, { host: '127.0.0.1', port: 0, handleSignals: false });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
