import { describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { request } from 'undici';

function waitFor(
  output: { text: string },
  pattern: RegExp,
  child: NodeJS.EventEmitter,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const found = output.text.match(pattern);
      if (found) {
        child.off('data', check);
        resolve(found);
      }
    };
    child.on('data', check);
    child.once('error', reject);
    check();
  });
}

describe('run() and signals', () => {
  test.each(['SIGTERM', 'SIGINT'] as const)(
    '%s: stops accepting, finishes the in-flight request, then exits 0',
    async (signal) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(__dirname, 'fixtures', 'slow-server.ts')],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const output = { text: '' };
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => (output.text += chunk));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const [, port] = await waitFor(output, /listening (\d+)/, child.stdout);
      const pending = request(`http://127.0.0.1:${port}/slow`);
      await waitFor(output, /started/, child.stdout);
      child.kill(signal);
      const response = await pending;
      expect(response.statusCode).toBe(200);
      expect(await response.body.text()).toBe('finished');
      expect(await exited).toBe(0);
      expect(output.text).toContain('exit 0');
    },
    20_000,
  );
});
