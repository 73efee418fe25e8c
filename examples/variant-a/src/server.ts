import type { AddressInfo } from 'node:net';
import { run } from '@framework/node-server';
import { createApp } from './app';

// Listens on HOST/PORT, else 0.0.0.0:8080; Ctrl-C or SIGTERM shuts down gracefully.
void run(createApp()).then((server) => {
  const { address, port } = server.address() as AddressInfo;
  console.log(`Listening on http://${address}:${port}/`);
});
