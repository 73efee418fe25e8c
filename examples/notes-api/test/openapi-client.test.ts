import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Logger } from '@framework/application';
import { openApiDocument } from '@framework/openapi';
import { createApp } from '../src/app';

const TOKEN = 'admin-token-of-the-tests';
const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const CLIENT = join(__dirname, 'openapi-client', 'notes-client.ts');
/**
 * The client file imports the types openapi-typescript writes beside it, so the project's own typecheck
 * leaves it out (tsconfig.test.json) and this test checks it against them; jest loads it for the calls.
 */
interface ClientModule {
  callEveryRoute(fetch: (request: Request) => Promise<Response>, adminToken: string): Promise<unknown>;
}
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

function notesApp() {
  return createApp({ adminToken: TOKEN, publicDir: join(__dirname, '..', 'public'), logger: silent });
}

/** Runs the workspace's tsc on `dir`'s tsconfig; resolves to its output, and whether it passed. */
function typecheck(dir: string): { passed: boolean; output: string } {
  try {
    const tsc = join(packageDir('typescript'), 'bin', 'tsc');
    execFileSync(process.execPath, [tsc, '--pretty', 'false'], { cwd: dir, encoding: 'utf8' });
    return { passed: true, output: '' };
  } catch (error) {
    return { passed: false, output: String((error as { stdout?: string }).stdout) };
  }
}

/** The client file in `dir`, beside the types openapi-typescript made, with a tsconfig that finds openapi-fetch. */
function project(dir: string, client: string): void {
  writeFileSync(join(dir, 'notes-client.ts'), client);
  const openapiFetch = require.resolve('openapi-fetch').replace(/\.cjs$/, '.d.cts');
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      esModuleInterop: true,
      types: ['node'],
      typeRoots: [join(packageDir('@types/node'), '..')],
      paths: { 'openapi-fetch': [openapiFetch] },
    },
    files: ['notes-client.ts'],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
}

describe('the notes document with openapi-typescript and openapi-fetch', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'notes-openapi-'));
    const document = openApiDocument(notesApp(), { info: { title: 'Notes API', version: '1.0.0' } });
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
    execFileSync(
      process.execPath,
      [join(packageDir('openapi-typescript'), 'bin', 'cli.js'), 'openapi.json', '-o', 'notes-api.d.ts'],
      { cwd: dir, stdio: 'pipe' },
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives types against which a client of every route compiles', () => {
    expect(readFileSync(join(dir, 'notes-api.d.ts'), 'utf8')).toContain('"/notes/{id}": {');
    project(dir, readFileSync(CLIENT, 'utf8'));
    const { passed, output } = typecheck(dir);
    expect(output).toBe('');
    expect(passed).toBe(true);
  });

  it('refuses a wrong param name, a wrong body field and a wrong status once their directives are gone', () => {
    const lines = readFileSync(CLIENT, 'utf8').split('\n');
    const expected = lines.flatMap((line, index) =>
      line.trim().startsWith('// @ts-expect-error') ? [index + 2] : [],
    );
    expect(expected).toHaveLength(3);
    project(dir, lines.map((line) => line.replace('// @ts-expect-error', '//')).join('\n'));
    const { passed, output } = typecheck(dir);
    expect(passed).toBe(false);
    const failing = [...output.matchAll(/^notes-client\.ts\((\d+),\d+\): error/gm)].map(([, line]) =>
      Number(line),
    );
    expect([...new Set(failing)]).toEqual(expected);
  });

  it('calls every route of the app through openapi-fetch, each answering', async () => {
    const app = notesApp();
    const { callEveryRoute } = jest.requireActual<ClientModule>(CLIENT);
    const answers = await callEveryRoute((request) => app.fetch(request), TOKEN);
    const note = { id: 1, title: 'first', text: 'hello' };
    expect(answers).toEqual({
      created: { status: 201, data: note },
      listed: { status: 200, data: [note] },
      read: { status: 200, data: note },
      replaced: { status: 200, data: { ...note, title: 'second', text: '' } },
      stats: { status: 200, data: { notes: 1 } },
      deleted: { status: 204, data: undefined },
      missing: { status: 404, data: undefined },
      missingTitle: expect.any(String),
      invalid: { status: 400, issues: [expect.objectContaining({ in: 'body', path: ['title'] })] },
    });
  });
});
