import type { Server } from 'node:net';

/**
 * Tells the bench driver where the server listens, and answers its request for the process's CPU
 * time on stdin (one line "cpu" → one line of microseconds used so far).
 */
export function announce(server: Server): void {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
  announcePort(address.port);
}

/** `announce` for a server that is not a `node:net` one (Bun.serve): its port is given. */
export function announcePort(port: number): void {
  process.stdout.write(`listening ${port}\n`);
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    if (chunk.includes('cpu')) {
      const { user, system } = process.cpuUsage();
      process.stdout.write(`cpu ${user + system}\n`);
    }
  });
  process.stdin.on('end', () => process.exit(0));
}
