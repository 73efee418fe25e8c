import { afterEach, describe, expect, it } from '@jest/globals';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scaffold, TargetNotEmptyError, TEMPLATE_DIRS, UsageError, type CreateOptions } from '../src';

const roots: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'create-framework-app-'));
  roots.push(dir);
  return dir;
}
afterEach(() => roots.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function options(directory: string, overrides: Partial<CreateOptions> = {}): CreateOptions {
  return {
    directory,
    style: 'config',
    router: 'fmw',
    container: 'typedi',
    namespace: 'App',
    install: false,
    packagesFrom: undefined,
    ...overrides,
  };
}

/** The version in the workspace's package.json of a package, found by its npm name. */
function workspaceVersion(name: string): string {
  const packagesDir = join(__dirname, '..', '..');
  for (const directory of readdirSync(packagesDir)) {
    const manifest = JSON.parse(readFileSync(join(packagesDir, directory, 'package.json'), 'utf8'));
    if (manifest.name === name) return manifest.version;
  }
  throw new Error(`No workspace package is named ${name}`);
}

describe('scaffold', () => {
  it('writes a project that serves with @framework/node-server, logs requests with pino and answers readiness', () => {
    const target = scaffold(options(join(tempDir(), 'logged-app')));
    const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
    expect(manifest.dependencies.pino).toMatch(/^\^10\./);
    expect(manifest.dependencies['@framework/node-server']).toBeDefined();
    const entry = readFileSync(join(target, 'public/index.ts'), 'utf8');
    expect(entry).toContain("app.get('/health/ready', readiness(app));");
    expect(entry).toContain('run(app, { logger, workers: workersFromEnvironment() })');
    const pipeline = readFileSync(join(target, 'config/autoload/pipeline.global.ts'), 'utf8');
    expect(pipeline).toContain("middleware: 'App\\\\RequestLogging'");
  });

  it("asks for each @framework package at its own version, not the application's", () => {
    // A template whose application moved on: the other packages must not follow its version.
    const template = join(tempDir(), 'template');
    cpSync(TEMPLATE_DIRS.config as string, template, { recursive: true });
    const templateManifest = JSON.parse(readFileSync(join(template, 'package-template.json'), 'utf8'));
    templateManifest.dependencies['@framework/application'] = '9.9.9';
    writeFileSync(join(template, 'package-template.json'), JSON.stringify(templateManifest));
    const target = scaffold(options(join(tempDir(), 'versions')), template);
    const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
    const framework = Object.keys(manifest.dependencies).filter((name) => name.startsWith('@framework/'));
    expect(framework.sort()).toEqual([
      '@framework/application',
      '@framework/config-loader',
      '@framework/container-typedi',
      '@framework/middleware',
      '@framework/node-server',
      '@framework/router-contract',
      '@framework/router-fmw',
    ]);
    for (const name of framework) expect(manifest.dependencies[name]).toBe(`^${workspaceVersion(name)}`);
    expect(manifest.dependencies.typedi).toBe('^0.10.0');
  });

  it.each([
    ['fmw', '@framework/router-fmw', 'FindMyWayRouter'],
    ['ptr', '@framework/router-ptr', 'PathToRegexpRouter'],
    ['explicit-methods', '@framework/router-explicit-methods', 'ExplicitMethodsRouter'],
  ])('writes a project that uses the %s router', (router, packageName, className) => {
    const target = scaffold(options(join(tempDir(), 'my-app'), { router }));
    const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
    expect(manifest.name).toBe('my-app');
    expect(manifest.dependencies[packageName]).toBe(`^${workspaceVersion(packageName)}`);
    const others = ['@framework/router-fmw', '@framework/router-ptr', '@framework/router-explicit-methods'];
    for (const other of others.filter((name) => name !== packageName)) {
      expect(manifest.dependencies[other]).toBeUndefined();
    }
    const routerConfig = readFileSync(join(target, 'config/autoload/router.global.ts'), 'utf8');
    expect(routerConfig).toContain(`import { ${className} } from '${packageName}';`);
    expect(existsSync(join(target, '.gitignore'))).toBe(true);
    expect(existsSync(join(target, 'gitignore'))).toBe(false);
  });

  it('titles the README with the project name', () => {
    const target = scaffold(options(join(tempDir(), 'notes-api')));
    const readme = readFileSync(join(target, 'README.md'), 'utf8');
    expect(readme.split('\n')[0]).toBe('# notes-api');
    expect(readme).not.toContain('# @framework/skeleton');
  });

  it('copies tarballs into vendor/ and depends on them by relative path, without overrides', () => {
    const packed = tempDir();
    for (const name of [
      'application',
      'config-loader',
      'router-contract',
      'router-fmw',
      'container-typedi',
      'middleware',
    ])
      writeFileSync(join(packed, `framework-${name}-0.1.0.tgz`), name);
    const target = scaffold(options(join(tempDir(), 'offline'), { packagesFrom: packed }));
    const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
    expect(manifest.overrides).toBeUndefined();
    expect(manifest.dependencies['@framework/application']).toBe(
      'file:vendor/framework-application-0.1.0.tgz',
    );
    expect(manifest.dependencies['@framework/router-fmw']).toBe('file:vendor/framework-router-fmw-0.1.0.tgz');
    expect(manifest.dependencies['@framework/config-loader']).toBe(
      'file:vendor/framework-config-loader-0.1.0.tgz',
    );
    expect(manifest.dependencies.typedi).toBe('^0.10.0');
    expect(readFileSync(join(target, 'vendor', 'framework-middleware-0.1.0.tgz'), 'utf8')).toBe('middleware');
  });

  it('runs every test/**/*.test.ts with npm test', () => {
    const target = scaffold(options(join(tempDir(), 'tested')));
    const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
    expect(manifest.scripts.test).toBe('node scripts/test.mjs');
    expect(manifest.scripts.start).toBe('exec node dist/public/index.js');
    expect(existsSync(join(target, 'scripts', 'test.mjs'))).toBe(true);
  });

  it('uses the built-in SimpleContainer when no container is chosen', () => {
    const target = scaffold(options(join(tempDir(), 'plain'), { container: 'none' }));
    const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
    expect(manifest.dependencies['@framework/container-typedi']).toBeUndefined();
    expect(manifest.dependencies.typedi).toBeUndefined();
    const container = readFileSync(join(target, 'config/container.ts'), 'utf8');
    expect(container).toContain(
      "import { configureContainer, SimpleContainer } from '@framework/application';\n" +
        "import { loadConfig } from '@framework/config-loader';",
    );
  });

  it('renames the own namespace everywhere', () => {
    const target = scaffold(options(join(tempDir(), 'blog'), { namespace: 'Blog' }));
    expect(readdirSync(join(target, 'src'))).toEqual(['Blog']);
    const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.imports)).toEqual(['#Blog/*']);
    expect(manifest.imports['#Blog/*'].development).toBe('./src/Blog/*.ts');
    const dependencies = readFileSync(join(target, 'config/autoload/dependencies.global.ts'), 'utf8');
    expect(dependencies).toContain("from '#Blog/Handler/PingHandler'");
    expect(dependencies).toContain("'Blog\\\\Handler\\\\PingHandler'");
    expect(dependencies).not.toContain('#App/');
  });

  it('refuses a folder that is not empty and changes nothing in it', () => {
    const target = join(tempDir(), 'taken');
    mkdirSync(target);
    writeFileSync(join(target, 'notes.txt'), 'keep me');
    expect(() => scaffold(options(target))).toThrow(
      new TargetNotEmptyError(`The folder ${target} is not empty; choose a new or empty folder.`),
    );
    expect(readdirSync(target)).toEqual(['notes.txt']);
    expect(readFileSync(join(target, 'notes.txt'), 'utf8')).toBe('keep me');
  });

  it('accepts an existing empty folder', () => {
    const target = join(tempDir(), 'empty');
    mkdirSync(target);
    scaffold(options(target));
    expect(existsSync(join(target, 'public/index.ts'))).toBe(true);
  });
});

describe('scaffold --style code-first', () => {
  const codeFirst = (name: string, overrides: Partial<CreateOptions> = {}): string =>
    scaffold(options(join(tempDir(), name), { style: 'code-first', ...overrides }));

  it('writes src/app.ts, src/server.ts and tests through app.fetch, with no container or config/', () => {
    const target = codeFirst('coded');
    expect(readdirSync(target).sort()).toEqual(
      [
        '.gitignore',
        'README.md',
        'package.json',
        'scripts',
        'src',
        'test',
        'tsconfig.build.json',
        'tsconfig.json',
      ].sort(),
    );
    expect(readdirSync(join(target, 'src')).sort()).toEqual(['app.ts', 'server.ts']);
    const app = readFileSync(join(target, 'src/app.ts'), 'utf8');
    expect(app).toContain(
      'new Application(new FindMyWayRouter(), { development: options.development ?? false })',
    );
    expect(app).toContain('app.pipe(securityHeaders());');
    const server = readFileSync(join(target, 'src/server.ts'), 'utf8');
    expect(server).toContain("import { run } from '@framework/node-server';");
    const request = readFileSync(join(target, 'test/request.ts'), 'utf8');
    expect(request).toContain("app.fetch(new Request(new URL(path, 'http://localhost'), init))");
    const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
    expect(manifest.name).toBe('coded');
    expect(Object.keys(manifest.dependencies).sort()).toEqual([
      '@framework/application',
      '@framework/middleware',
      '@framework/node-server',
      '@framework/router-contract',
      '@framework/router-fmw',
      'pino',
    ]);
    expect(readFileSync(join(target, 'README.md'), 'utf8').split('\n')[0]).toBe('# coded');
  });

  it('execs the server from every script that starts one, so a signal to npm reaches it', () => {
    const manifest = JSON.parse(readFileSync(join(codeFirst('signals'), 'package.json'), 'utf8'));
    expect(manifest.scripts.start).toBe('exec node dist/server.js');
    expect(manifest.scripts.serve).toBe('NODE_ENV=development exec tsx watch src/server.ts');
  });

  it.each([
    ['ptr', '@framework/router-ptr', 'PathToRegexpRouter'],
    ['explicit-methods', '@framework/router-explicit-methods', 'ExplicitMethodsRouter'],
  ])('builds the application with the %s router', (router, packageName, className) => {
    const target = codeFirst(`with-${router}`, { router });
    const app = readFileSync(join(target, 'src/app.ts'), 'utf8');
    expect(app).toContain(`import { ${className} } from '${packageName}';`);
    expect(app).toContain(`new Application(new ${className}(),`);
    expect(app).not.toMatch(/FindMyWay|router-fmw/);
    const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
    expect(manifest.dependencies[packageName]).toBe(`^${workspaceVersion(packageName)}`);
    expect(manifest.dependencies['@framework/router-fmw']).toBeUndefined();
  });
});

describe('scaffold: the command line checks, called from code (finding 17)', () => {
  it('refuses a namespace that climbs out of src/ and writes nothing anywhere', () => {
    const root = tempDir();
    const target = join(root, 'project');
    expect(() => scaffold(options(target, { namespace: '../../Escaped' }))).toThrow(
      new UsageError(
        'Invalid namespace "../../Escaped": use letters and digits, starting with a capital (e.g. App).',
      ),
    );
    expect(readdirSync(root)).toEqual([]);
  });

  it('refuses a namespace with quotes that would land in generated TypeScript', () => {
    const target = join(tempDir(), 'project');
    const namespace = "App'; process.exit(1); '";
    expect(() => scaffold(options(target, { namespace }))).toThrow(
      new UsageError(
        `Invalid namespace ${JSON.stringify(namespace)}: use letters and digits, starting with a capital (e.g. App).`,
      ),
    );
    expect(existsSync(target)).toBe(false);
  });

  it.each([
    [{ router: 'constructor' }, 'Unknown router "constructor". Choose one of: fmw, ptr, explicit-methods.'],
    [{ container: '__proto__' }, 'Unknown container "__proto__". Choose one of: typedi, none.'],
    [{ directory: ' ' }, 'The directory name must not be empty.'],
    [{ namespace: undefined }, 'Option "namespace" must be a string, got undefined.'],
    [{ style: '__proto__' }, 'Unknown style "__proto__". Choose one of: code-first, config.'],
    [{ style: undefined }, 'Option "style" must be a string, got undefined.'],
  ])('refuses %j before writing, naming what is wrong', (overrides, message) => {
    const root = tempDir();
    const given = { ...options(join(root, 'project')), ...overrides } as CreateOptions;
    expect(() => scaffold(given)).toThrow(new UsageError(message));
    expect(readdirSync(root)).toEqual([]);
  });
});
