#!/usr/bin/env node
// What the hello app's worker bundle (src/bundle-size.mjs) is made of, one line per source module:
// its minified bytes, what it costs gzip (the bundle's gzip size less that of the bundle without the
// module's code), and the chain of imports that brings it in from the app.
//
// The @framework packages are bundled from their TypeScript sources, so each source module shows on
// its own (their dist files merge many); the total of the dist bundle is printed beside it.
//
//   node bench/src/cold-start/bundle-breakdown.mjs            # @framework/application + router-ptr
//   node bench/src/cold-start/bundle-breakdown.mjs --top 20   # the 20 heaviest modules only
//   node bench/src/cold-start/bundle-breakdown.mjs --contender @framework/router-fmw
//   node bench/src/cold-start/bundle-breakdown.mjs --without packages/application/src/http/trust-proxy.ts
//
// --without (repeatable) weighs the bundle with each named source module replaced by one that exports
// the same names as empty functions: what an application would carry if that code were opt-in.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';
import { formatKilobytes, helloBundleOptions, measureBundle } from '../bundle-size.mjs';
import { CONTENDERS, helloAppModule } from './contenders.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const ENTRY = 'bench/hello-app.mjs';

/** Resolves `@framework/<name>[/<sub>]` to `packages/<name>/src[/<sub>]/index.ts`. */
const fromSources = {
  name: 'framework-sources',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^@framework\// }, ({ path }) => {
      const [, name, ...sub] = path.split('/');
      const file = join(ROOT, 'packages', name, 'src', ...sub, 'index.ts');
      return existsSync(file) ? { path: file } : undefined;
    });
  },
};

/** The whole-statement sections of `text` (a bundle printed with file comments), by source path. */
function sectionsOf(text) {
  const marker = /^\/\/ (\S+)$/gm;
  const starts = [...text.matchAll(marker)].map((match) => ({ path: match[1], index: match.index }));
  return starts.map((start, i) => ({
    path: start.path,
    from: start.index,
    to: i + 1 < starts.length ? starts[i + 1].index : text.length,
  }));
}

/** An esbuild plugin loading each of `paths` (from the repository root) as a stub of its exports. */
async function withoutModules(paths) {
  const stubs = new Map();
  for (const path of paths) {
    const file = join(ROOT, path);
    if (!existsSync(file)) throw new Error(`--without ${path}: no such file`);
    const { metafile } = await build({
      entryPoints: [file],
      write: false,
      metafile: true,
      format: 'esm',
      outdir: 'stub',
      logLevel: 'silent',
    });
    const names = Object.values(metafile.outputs)[0].exports;
    const exports = names.map((name) =>
      name === 'default' ? 'export default function () {}' : `export function ${name}() {}`,
    );
    stubs.set(file, exports.join('\n'));
  }
  return {
    name: 'without-modules',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.ts$/ }, ({ path }) =>
        stubs.has(path) ? { contents: stubs.get(path), loader: 'js' } : undefined,
      );
    },
  };
}

async function gzipOfMinified(text) {
  const { code } = await transform(text, { minifyWhitespace: true, format: 'esm', target: 'es2022' });
  return gzipSync(code, { level: 9 }).byteLength;
}

/** For each input, the chain of inputs that imports it, shortest first from the entry. */
function importChains(inputs) {
  const chains = new Map([[ENTRY, [ENTRY]]]);
  const queue = [ENTRY];
  while (queue.length > 0) {
    const from = queue.shift();
    for (const { path } of inputs[from]?.imports ?? []) {
      if (chains.has(path) || inputs[path] === undefined) continue;
      chains.set(path, [...chains.get(from), path]);
      queue.push(path);
    }
  }
  return chains;
}

async function main(args) {
  const topIndex = args.indexOf('--top');
  const top = topIndex === -1 ? Infinity : Number(args[topIndex + 1]);
  const contenderIndex = args.indexOf('--contender');
  const contender =
    contenderIndex === -1
      ? CONTENDERS[0]
      : CONTENDERS.find(({ name }) => name.includes(args[contenderIndex + 1]));
  if (contender === undefined) throw new Error(`no contender named ${args[contenderIndex + 1]}`);

  const without = args.flatMap((arg, index) => (args[index - 1] === '--without' ? [arg] : []));

  const source = helloAppModule(contender);
  const options = {
    ...helloBundleOptions(source),
    absWorkingDir: ROOT,
    plugins: without.length === 0 ? [fromSources] : [fromSources, await withoutModules(without)],
    metafile: true,
  };
  const minified = await build(options);
  if (without.length > 0) {
    const code = minified.outputFiles[0].contents;
    console.log(
      `${contender.name} from sources, without ${without.join(', ')}: ` +
        `${formatKilobytes(code.byteLength)} minified, ${formatKilobytes(gzipSync(code, { level: 9 }).byteLength)} gzip`,
    );
    return;
  }
  // The same bundle with whitespace kept, so esbuild prints a `// path` comment before each module.
  const readable = await build({
    ...options,
    minify: false,
    minifySyntax: true,
    minifyIdentifiers: true,
  });
  const text = readable.outputFiles[0].text;
  const whole = await gzipOfMinified(text);
  const dist = await measureBundle(source);

  const output = Object.values(minified.metafile.outputs)[0];
  const chains = importChains(minified.metafile.inputs);
  const sections = sectionsOf(text);
  const rows = [];
  for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
    if (bytesInOutput === 0) continue;
    const own = sections.filter((section) => section.path === path);
    let rest = text;
    for (const { from, to } of [...own].reverse()) rest = rest.slice(0, from) + rest.slice(to);
    const gzipCost = own.length === 0 ? NaN : whole - (await gzipOfMinified(rest));
    rows.push({ path, bytesInOutput, gzipCost, chain: chains.get(path) ?? [] });
  }
  rows.sort((a, b) => b.bytesInOutput - a.bytesInOutput);

  const name = (path) => (path === ENTRY ? 'app' : path);
  console.log(
    `${contender.name}: from sources ${formatKilobytes(output.bytes)} minified, ` +
      `${formatKilobytes(whole)} gzip; from dist ${formatKilobytes(dist.minBytes)} minified, ` +
      `${formatKilobytes(dist.gzipBytes)} gzip\n`,
  );
  console.log('| module | min | gzip if removed | imported through |');
  console.log('|---|--:|--:|---|');
  for (const row of rows.slice(0, top)) {
    const through = row.chain.slice(0, -1).map(name).join(' → ');
    const gzip = Number.isNaN(row.gzipCost) ? '?' : `${row.gzipCost} B`;
    console.log(`| ${name(row.path)} | ${row.bytesInOutput} B | ${gzip} | ${through} |`);
  }
}

await main(process.argv.slice(2));
