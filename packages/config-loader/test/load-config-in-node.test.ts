import { afterEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { removeTemporaryProjects, temporaryProject } from './temporary-project';

// jest runs modules in its own registry, which cannot import ES modules nor forget a required file, so
// these tests run loadConfig in a plain Node process, from the built package (turbo builds it before
// the tests): the child transpiles nothing of this package, so it does not slow down under load. tsx
// is registered where config files need it.
const run = promisify(execFile);
const packageRoot = join(__dirname, '..');
const built = join(packageRoot, 'dist', 'index.js');
const CHILD_TIMEOUT = 45_000;

afterEach(removeTemporaryProjects);

async function loadInNode(root: string, nodeArgs: string[] = [], twiceAfter?: string): Promise<unknown> {
  const script = `
    const { loadConfig } = require(${JSON.stringify(built)});
    const fs = require('node:fs');
    (async () => {
      const results = [await loadConfig(process.argv[1])];
      if (process.argv[2]) {
        const [file, content] = JSON.parse(process.argv[2]);
        fs.writeFileSync(file, content);
        results.push(await loadConfig(process.argv[1]));
      }
      process.stdout.write(JSON.stringify(results));
    })().catch((error) => process.stdout.write(JSON.stringify({ error: error.message, code: error.code })));
  `;
  const args = [...nodeArgs, '-e', script, root, ...(twiceAfter === undefined ? [] : [twiceAfter])];
  if (!existsSync(built)) {
    throw new Error(
      `${built} is missing: build the package first (npm run build; turbo runs it before test).`,
    );
  }
  // The child is killed if it hangs, and the rejection carries what it wrote.
  const { stdout, stderr } = await run(process.execPath, args, {
    cwd: packageRoot,
    timeout: CHILD_TIMEOUT,
    killSignal: 'SIGKILL',
  });
  expect(stderr).toBe('');
  return JSON.parse(stdout);
}

describe('loadConfig in a plain Node process', () => {
  it('loads .mjs files (top-level await included) and ES module .js files', async () => {
    const root = temporaryProject({
      'config/autoload/a.global.mjs': "export const config = { formats: ['mjs named'] };",
      'config/autoload/b.global.mjs': "export default await Promise.resolve({ formats: ['mjs await'] });",
      'config/autoload/c.global.json': JSON.stringify({ formats: ['json'] }),
      'config/autoload/package.json': '{"type": "module"}',
      'config/autoload/d.global.js': "export default () => ({ formats: ['esm js'] });",
      'config/autoload/e.global.js': "export default await Promise.resolve({ formats: ['esm js await'] });",
      'config/autoload/f.global.cjs': "module.exports = { formats: ['cjs'] };",
    });
    expect(await loadInNode(root, ['--import', 'tsx'])).toEqual([
      { formats: ['mjs named', 'mjs await', 'json', 'esm js', 'esm js await', 'cjs'] },
    ]);
  }, 60_000);

  it('loads .ts files when tsx is registered', async () => {
    const root = temporaryProject({
      'config/autoload/app.global.ts': 'const port: number = 8080;\nexport const config = { port };',
      'config/autoload/app.local.ts': 'export default (): Record<string, unknown> => ({ debug: true });',
    });
    expect(await loadInNode(root, ['--import', 'tsx'])).toEqual([{ port: 8080, debug: true }]);
  }, 60_000);

  // Node strips types itself from 22.18 and 23.6 on (process.features.typescript is "strip"); older
  // lines need a loader. Each line runs the case that describes it.
  const nodeStripsTypes = Boolean((process.features as { typescript?: unknown }).typescript);
  if (nodeStripsTypes) {
    it(`loads .ts files without a loader: Node ${process.version} strips the types`, async () => {
      const root = temporaryProject({
        'config/autoload/app.global.ts': 'const port: number = 8080;\nexport const config = { port };',
      });
      expect(await loadInNode(root)).toEqual([{ port: 8080 }]);
    }, 60_000);
  } else {
    it(`rejects a .ts file without a loader on Node ${process.version}, naming the file and the fix`, async () => {
      const root = temporaryProject({ 'config/autoload/app.global.ts': 'export const config = { a: 1 };' });
      expect(await loadInNode(root)).toEqual({
        code: 'FRAMEWORK_ERR_CONFIG_TS_LOADER_MISSING',
        error:
          'Cannot load config file "config/autoload/app.global.ts": no TypeScript loader is registered. Run ' +
          'node with "--import tsx" (or require "tsx/cjs" first), or write the config as .js, .cjs, .mjs or .json.',
      });
    }, 60_000);
  }

  it('reads an edited CommonJS file again on the next load', async () => {
    const root = temporaryProject({ 'config/autoload/global.cjs': 'module.exports = { version: 1 };' });
    const edit = JSON.stringify([
      join(root, 'config/autoload/global.cjs'),
      'module.exports = { version: 2 };',
    ]);
    expect(await loadInNode(root, ['--import', 'tsx'], edit)).toEqual([{ version: 1 }, { version: 2 }]);
  }, 60_000);
});
