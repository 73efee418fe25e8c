#!/usr/bin/env node
// Writes the ES module build of the package in the current folder beside its CommonJS build:
// src/a/b.ts -> dist/a/b.mjs, and every dist/**/*.d.ts (from tsc) -> the same name with .d.mts.
//
// Run after `tsc`, from the package's folder: `node ../../.ci/build-esm.mjs`.
//
// The sources import relative modules without an extension (`./a/b`), which Node's ES module loader
// refuses, so the build cannot be a plain second tsc run. esbuild compiles each source file on its own
// (every import is left external, so each output file holds only its own module, as tsc's do) and its
// resolver tells which file each relative import names; the specifier is rewritten to that file's .mjs
// name. The declarations get the same rewrite, checked file by file against what tsc wrote.
//
// What CommonJS gives a module and ES modules do not is supplied where a source uses it: `__filename`
// and `__dirname` become `import.meta.filename` and `import.meta.dirname` (Node 20.11+), and a module
// that calls `require()` gets one made by `createRequire(import.meta.url)`.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts'];
const packageDir = process.cwd();
const srcDir = join(packageDir, 'src');
const distDir = join(packageDir, 'dist');

if (!existsSync(join(distDir))) fail('dist/ does not exist: run tsc first');

const sources = filesUnder(srcDir, /(?<!\.d)\.m?tsx?$/);
const options = {
  entryPoints: sources,
  outdir: distDir,
  outbase: srcDir,
  outExtension: { '.js': '.mjs' },
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  bundle: true,
  tsconfig: join(packageDir, 'tsconfig.json'),
  define: { __filename: 'import.meta.filename', __dirname: 'import.meta.dirname' },
  logLevel: 'warning',
};
// A first pass, written nowhere, finds the modules that call require(); the second gives them one.
const { metafile } = await build({ ...options, write: false, metafile: true, plugins: [oneFilePerModule()] });
const requiring = new Set(
  Object.entries(metafile.inputs)
    .filter(([, input]) => input.imports.some((imported) => imported.kind === 'require-call'))
    .map(([path]) => resolve(path)),
);
await build({ ...options, plugins: [oneFilePerModule(requiring)] });

let declarations = 0;
for (const from of filesUnder(distDir, /\.d\.ts$/)) {
  writeFileSync(from.replace(/\.d\.ts$/, '.d.mts'), rewriteDeclaration(readFileSync(from, 'utf8'), from));
  declarations++;
}
console.log(
  `ESM build: ${sources.length} modules -> dist/**/*.mjs, ${declarations} declarations -> dist/**/*.d.mts`,
);

/**
 * Keeps every import external; a relative one is pointed at the .mjs file it names. The modules in
 * `requiring` get a `require` of their own.
 */
function oneFilePerModule(requiring = new Set()) {
  return {
    name: 'one-file-per-module',
    setup(esbuild) {
      esbuild.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (!args.path.startsWith('.')) return { path: args.path, external: true };
        const target = sourceFileOf(resolve(args.resolveDir, args.path));
        if (target === undefined) {
          return { errors: [{ text: `${args.path} names no source file (from ${args.importer})` }] };
        }
        return { path: specifier(args.resolveDir, target.replace(/\.m?tsx?$/, '.mjs')), external: true };
      });
      esbuild.onLoad({ filter: /\.m?tsx?$/ }, (args) => {
        if (!requiring.has(args.path)) return undefined;
        const contents = readFileSync(args.path, 'utf8');
        const shim =
          "import { createRequire as __createRequire } from 'node:module';\n" +
          'const require = __createRequire(import.meta.url);\n';
        return { contents: shim + contents, loader: 'ts' };
      });
    },
  };
}

/** Every file under `dir` (recursively) whose path matches `pattern`. */
function filesUnder(dir, pattern) {
  return readdirSync(dir, { recursive: true })
    .map((file) => join(dir, file))
    .filter((file) => pattern.test(file) && statSync(file).isFile());
}

/** The source file a relative import without extension names: `x.ts` or `x/index.ts`. */
function sourceFileOf(base) {
  const stripped = base.replace(/\.(m?js|cjs)$/, '');
  const candidates = [
    ...SOURCE_EXTENSIONS.map((extension) => stripped + extension),
    ...SOURCE_EXTENSIONS.map((extension) => join(stripped, `index${extension}`)),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/**
 * The declaration with each relative specifier pointed at the .mjs file whose .d.mts tsc's .d.ts
 * becomes. Comment lines (tsc writes each JSDoc line starting with `*`) keep their examples as written.
 */
function rewriteDeclaration(text, file) {
  const pattern = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.\.?\/[^'"]*|\.\.?)\2/g;
  const comment = /^\s*(\*|\/\*|\/\/)/;
  const rewriteLine = (line) => (comment.test(line) ? line : line.replace(pattern, rewriteSpecifier));
  const rewriteSpecifier = (whole, lead, quote, path) => {
    const base = resolve(dirname(file), path).replace(/\.(m?js|cjs)$/, '');
    const target = [`${base}.d.ts`, join(base, 'index.d.ts')].find((candidate) => existsSync(candidate));
    if (target === undefined) fail(`${relative(packageDir, file)}: ${path} names no declaration file`);
    return `${lead}${quote}${specifier(dirname(file), target.replace(/\.d\.ts$/, '.mjs'))}${quote}`;
  };
  return text.split('\n').map(rewriteLine).join('\n');
}

/** A relative specifier from `fromDir` to `file`, always starting with `./` or `../`, with `/`. */
function specifier(fromDir, file) {
  const path = relative(fromDir, file).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

function fail(message) {
  console.error(`build-esm: ${message}`);
  process.exit(1);
}
