import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Application } from '@framework/application';
import { run } from '@framework/node-server';

/**
 * Runs `app` on an ephemeral port of 127.0.0.1, sends `paths` as written (no URL normalisation), closes.
 * A path may start with a method (`'POST /docs'`); GET otherwise.
 */
export async function sendAll(
  app: Application,
  paths: readonly string[],
): Promise<{ status: number; type: string | undefined; body: Buffer; csp: string | undefined }[]> {
  const server = await run(app, { host: '127.0.0.1', port: 0, handleSignals: false });
  const { port } = server.address() as AddressInfo;
  try {
    const answers = [];
    for (const path of paths) answers.push(await get(port, path));
    return answers;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function get(port: number, target: string) {
  const [, method = 'GET', path = target] = /^([A-Z]+) (.*)$/.exec(target) ?? [];
  return new Promise<{ status: number; type: string | undefined; body: Buffer; csp: string | undefined }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers['content-type'],
            body: Buffer.concat(chunks),
            csp: res.headers['content-security-policy'] as string | undefined,
          }),
        );
        res.on('error', reject);
      });
      req.setTimeout(5_000, () => req.destroy(new Error(`No answer to ${method} ${path} within 5 s`)));
      req.on('error', reject);
      req.end();
    },
  );
}
