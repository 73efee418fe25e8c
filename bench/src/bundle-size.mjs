#!/usr/bin/env node
// Bundles a hello app as a worker would ship it (esbuild, platform browser, bundle, minify, nothing
// external) and prints its minified and gzip sizes, or, when it does not bundle, every module it could
// not resolve (a Node built-in, for instance) and the size with those left external.
//
//   node bench/src/bundle-size.mjs                    # @framework/application + @framework/router-ptr
//   node bench/src/bundle-size.mjs --all              # every contender of the cold-start bench
//   node bench/src/bundle-size.mjs --check --max-gzip 20480
//
// --check exits 1 when a bundle leaves a module unresolved or (with --max-gzip BYTES) is larger.
import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { CONTENDERS, helloAppModule } from './cold-start/contenders.mjs';

const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
const UNRESOLVED = /^Could not resolve "([^"]+)"/;

/** esbuild's options for the worker bundle of `source`, an ES module resolved from bench/. */
export function helloBundleOptions(source) {
  return {
    stdin: { contents: source, resolveDir: BENCH_DIR, sourcefile: 'hello-app.mjs', loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  };
}

/**
 * The bundle of `source` (an ES module resolved from bench/): `{ minBytes, gzipBytes, unresolved }`,
 * where `unresolved` lists each module no file could be found for, with the files importing it. When
 * it is not empty the sizes are those of the bundle with those modules left external.
 */
export async function measureBundle(source) {
  const attempt = (external) => build({ ...helloBundleOptions(source), external });
  const unresolved = new Map();
  let result;
  try {
    result = await attempt([]);
  } catch (error) {
    if (!Array.isArray(error.errors)) throw error;
    for (const message of error.errors) {
      const name = UNRESOLVED.exec(message.text)?.[1];
      if (name === undefined) throw error;
      const importers = unresolved.get(name) ?? new Set();
      importers.add(message.location?.file ?? '?');
      unresolved.set(name, importers);
    }
    result = await attempt([...unresolved.keys()]);
  }
  const code = result.outputFiles[0].contents;
  return {
    minBytes: code.byteLength,
    gzipBytes: gzipSync(code, { level: 9 }).byteLength,
    unresolved: [...unresolved].map(([name, importers]) => ({ name, importers: [...importers].sort() })),
  };
}

export function formatKilobytes(bytes) {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

async function main(args) {
  const check = args.includes('--check');
  const maxIndex = args.indexOf('--max-gzip');
  const maxGzip = maxIndex === -1 ? Infinity : Number(args[maxIndex + 1]);
  if (Number.isNaN(maxGzip)) throw new Error('--max-gzip takes a number of bytes');
  const contenders = args.includes('--all') ? CONTENDERS : CONTENDERS.slice(0, 1);

  let failed = false;
  for (const contender of contenders) {
    const { minBytes, gzipBytes, unresolved } = await measureBundle(helloAppModule(contender));
    const external =
      unresolved.length === 0 ? '' : ` (with ${unresolved.length} unresolved modules left external)`;
    console.log(
      `${contender.name}: ${formatKilobytes(minBytes)} minified, ${formatKilobytes(gzipBytes)} gzip${external}`,
    );
    if (unresolved.length > 0) {
      console.log(`  does not bundle for platform browser: ${unresolved.length} modules unresolved`);
      for (const { name, importers } of unresolved) console.log(`    ${name}  <- ${importers.join(', ')}`);
      failed = true;
    }
    if (gzipBytes > maxGzip) {
      console.log(`  ${gzipBytes} bytes gzip is over the limit of ${maxGzip}`);
      failed = true;
    }
  }
  if (check && failed) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
