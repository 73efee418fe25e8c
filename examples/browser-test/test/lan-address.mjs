import { networkInterfaces } from 'node:os';

/**
 * An IPv4 address of this machine that is not loopback (a browser treats http://127.0.0.1 as a secure
 * context, a LAN address over plain HTTP not), or 127.0.0.1 with the reason when there is none.
 */
export function lanAddress() {
  const interfaces = networkInterfaces();
  for (const [name, addresses] of Object.entries(interfaces)) {
    for (const entry of addresses ?? []) {
      if (entry.family === 'IPv4' && !entry.internal) return { address: entry.address, name };
    }
  }
  return {
    address: '127.0.0.1',
    name: 'lo',
    reason: `this machine has no IPv4 address outside loopback (interfaces: ${Object.keys(interfaces).join(', ')}); the page is served on 127.0.0.1, where the browser treats plain HTTP as secure`,
  };
}
