import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveTarballs } from '../src';
import { packFrameworkPackages, run, startServer, stop } from './support/packed-workspace';

// Installs the packed packages, as a user gets them from the registry, into fresh projects outside the
// workspace (ESM, CommonJS, TypeScript nodenext), type-checks them and serves them on 127.0.0.1.
// Slow by nature: three npm installs.
jest.setTimeout(300_000);

const FIXTURES = join(__dirname, 'fixtures', 'install-alone');
const TOOLS = { typescript: '~6.0.3', '@types/node': '^20.19.0' };

interface ProjectKind {
  readonly kind: string;
  readonly type: 'module' | 'commonjs';
  readonly framework: readonly string[];
  readonly registry: Readonly<Record<string, string>>;
  /** The file `node` starts; the TypeScript project compiles to it first. */
  readonly server: string;
}

const PROJECTS: readonly ProjectKind[] = [
  {
    kind: 'esm',
    type: 'module',
    framework: ['application', 'node-server', 'router-contract', 'router-fmw'],
    registry: {},
    server: 'server.mjs',
  },
  {
    kind: 'commonjs',
    type: 'commonjs',
    framework: ['application', 'node-server', 'router-contract', 'router-ptr', 'container-typedi'],
    registry: { typedi: '^0.10.0' },
    server: 'server.cjs',
  },
  {
    kind: 'typescript',
    type: 'module',
    framework: ['application', 'node-server', 'router-contract', 'router-explicit-methods'],
    registry: {},
    server: 'dist/server.js',
  },
];

let workDir: string;
let tarballs: Map<string, string>;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'framework-install-alone-'));
  const folder = join(workDir, 'tarballs');
  mkdirSync(folder);
  packFrameworkPackages(folder);
  tarballs = resolveTarballs(folder);
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Copies the fixture and writes a package.json that takes the framework from the tarballs only. */
function createProject({ kind, type, framework, registry }: ProjectKind): string {
  const project = join(workDir, kind);
  cpSync(join(FIXTURES, kind), project, { recursive: true });
  if (kind !== 'typescript')
    cpSync(join(FIXTURES, 'tsconfig.javascript.json'), join(project, 'tsconfig.json'));
  const dependencies: Record<string, string> = { ...registry };
  for (const name of framework)
    dependencies[`@framework/${name}`] = `file:${tarballs.get(`@framework/${name}`)}`;
  const manifest = {
    name: `install-alone-${kind}`,
    private: true,
    type,
    dependencies,
    devDependencies: TOOLS,
  };
  writeFileSync(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // The same compiler settings, aimed at the file that reads a param the route does not have.
  const wrong = {
    extends: './tsconfig.json',
    compilerOptions: { noEmit: true, rootDir: '.' },
    include: ['wrong-param.*'],
  };
  writeFileSync(join(project, 'tsconfig.wrong.json'), JSON.stringify(wrong));
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], project);
  return project;
}

/** What `tsc -p <config>` prints and whether it passed. */
function typeCheck(project: string, config: string): { passed: boolean; output: string } {
  const tsc = join(project, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    return { passed: true, output: run(process.execPath, [tsc, '-p', config], project) };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { passed: false, output: `${stdout}${stderr}` };
  }
}

describe.each(PROJECTS)('the packages installed alone into a $kind project', (kind) => {
  let project: string;

  beforeAll(() => {
    project = createProject(kind);
  });

  it('has one copy of the router contract and no package it did not ask for', () => {
    const contracts = run('npm', ['ls', '--all', '--parseable', '@framework/router-contract'], project)
      .split('\n')
      .filter(Boolean);
    expect(new Set(contracts)).toEqual(
      new Set([join(project, 'node_modules', '@framework', 'router-contract')]),
    );
    const containerInstalled = existsSync(join(project, 'node_modules', '@framework', 'container-typedi'));
    expect(containerInstalled).toBe(kind.framework.includes('container-typedi'));
  });

  it('type-checks the typed-params route under nodenext and strict', () => {
    const { passed, output } = typeCheck(project, 'tsconfig.json');
    expect(output).toBe('');
    expect(passed).toBe(true);
  });

  it('refuses a param the route template does not declare', () => {
    const { passed, output } = typeCheck(project, 'tsconfig.wrong.json');
    expect(passed).toBe(false);
    expect(output).toContain("Property 'slug' does not exist on type");
  });

  it('serves GET /ping and a typed-params route on 127.0.0.1', async () => {
    if (kind.kind === 'typescript') expect(typeCheck(project, 'tsconfig.json').passed).toBe(true);
    const { child, base } = await startServer(kind.server, project, { NODE_ENV: 'production' });
    try {
      const ping = await fetch(`${base}/ping`);
      expect(ping.status).toBe(200);
      const { ack } = (await ping.json()) as { ack: number };
      expect(Math.abs(ack - Date.now() / 1000)).toBeLessThan(5);
      const post = await fetch(`${base}/post/42`);
      expect(await post.json()).toEqual({ id: '42' });
    } finally {
      await stop(child);
    }
  });
});
