import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fallsSilent, REPO_ROOT, run, startProcess, stop, stopGroup } from './support/packed-workspace';

// The repository README's quick start, run as written from this clone (npm ci has already run), and
// the root `npm start`, stopped by a signal to npm. Slow by nature: a build, a pack and an npm install.
jest.setTimeout(300_000);

/** The commands of the first `sh` block under "## Quick start for a new project", comments removed. */
function quickStartCommands(): string[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start for a new project'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);
}

let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'framework-quick-start-'));
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('the quick start from a clone', () => {
  it('is the block the README shows', () => {
    expect(quickStartCommands()).toEqual([
      'npm ci',
      'npm run create-app -- ../my-app --router fmw --container typedi',
      'cd ../my-app',
      'npm run serve',
    ]);
  });

  it('creates, installs and serves the project as written', async () => {
    const project = join(workDir, 'my-app');
    const commands = quickStartCommands();
    // `npm ci` has run in this clone already; the project goes to a temporary folder, not ../my-app.
    const [create, change, serve] = commands.slice(1).map((line) => line.replaceAll('../my-app', project));
    expect(change).toBe(`cd ${project}`);
    const printed = run('npm', (create as string).split(' ').slice(1), REPO_ROOT);
    expect(printed).toContain('Dependencies installed.');

    const { child, base } = await startProcess(
      'npm',
      (serve as string).split(' ').slice(1),
      project,
      {
        HOST: '127.0.0.1',
        PORT: '0',
      },
      { group: true },
    );
    try {
      const ping = await fetch(`${base}/ping`);
      expect(ping.status).toBe(200);
      const { ack } = (await ping.json()) as { ack: number };
      expect(Math.abs(ack - Date.now() / 1000)).toBeLessThan(5);
    } finally {
      await stopGroup(child);
    }
  });
});

describe('npm start at the repository root', () => {
  it('serves the skeleton, and stops serving when the npm process gets SIGTERM', async () => {
    const { child, base } = await startProcess('npm', ['start'], REPO_ROOT, {
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_ENV: 'production',
    });
    try {
      expect((await fetch(`${base}/ping`)).status).toBe(200);
      await stop(child); // SIGTERM to npm itself, and waits for it to exit
      expect(await fallsSilent(base)).toBe(true);
    } finally {
      await stop(child);
    }
  });
});
