import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { build, type Plugin } from 'esbuild';

const PACKAGES = join(__dirname, '..', '..');

/** Resolves `@framework/<name>` to its TypeScript sources, so the metafile lists each source module. */
const fromSources: Plugin = {
  name: 'framework-sources',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^@framework\/[^/]+$/ }, ({ path }) => {
      const file = join(PACKAGES, path.slice('@framework/'.length), 'src', 'index.ts');
      return existsSync(file) ? { path: file } : undefined;
    });
  },
};

/** A worker bundle of `source` (esbuild, platform browser, minified): its bytes and the modules it holds. */
async function bundle(source: string, plugins: Plugin[] = []): Promise<{ bytes: number; modules: string[] }> {
  const result = await build({
    stdin: { contents: source, resolveDir: __dirname, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins,
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  const modules = Object.entries(output.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);
  return { bytes: result.outputFiles[0]!.contents.byteLength, modules };
}

const LEAN = `import { Application, TextResponse } from '@framework/application';
export default (router) => new Application(router).get('/', () => new TextResponse('Hello'));`;
const FACTORY = `import { AppFactory, TextResponse } from '@framework/application';
export default (router) => AppFactory.create(undefined, router).get('/', () => new TextResponse('Hello'));`;

describe('what a bundle of the application carries', () => {
  test('new Application(router) brings neither Variant A nor the default container', async () => {
    const { modules } = await bundle(LEAN, [fromSources]);
    expect(modules.filter((path) => /variant-a\/|simple-container/.test(path))).toEqual([]);
    expect(modules.some((path) => path.endsWith('application/application.ts'))).toBe(true);
  });

  test('AppFactory.create brings both, as the spec assembles it', async () => {
    const { modules } = await bundle(FACTORY, [fromSources]);
    expect(modules.some((path) => path.includes('variant-a/'))).toBe(true);
    expect(modules.some((path) => path.includes('simple-container'))).toBe(true);
  });

  test.each([
    ['new Application', LEAN],
    ['AppFactory.create', FACTORY],
  ])('the published files tree-shake as well as the sources (%s)', async (_, source) => {
    const [published, sources] = await Promise.all([bundle(source), bundle(source, [fromSources])]);
    expect(published.bytes).toBeLessThanOrEqual(Math.ceil(sources.bytes * 1.01));
  });
});
