#!/usr/bin/env node
// Writes the JavaScript of the package in the current folder as a few bundled files, in both module
// formats, beside the declarations tsc wrote:
// - every entry of the package's `exports` map (`./dist/a/index.mjs` from `src/a/index.ts`) becomes
//   one ES module file, and the code two entries share goes into `dist/chunk-*.mjs` files, so each
//   module exists once however a program reaches it (`instanceof` holds across entries);
// - the same files again as CommonJS (`.js`), requiring each other as the ES modules import;
// - every dist/**/*.d.ts (from tsc) gets its .d.mts twin, relative specifiers pointed at .mjs names.
//
// Run from the package's folder after `tsc --emitDeclarationOnly`: `node ../../.ci/build-dist.mjs`.
//
// A fresh process then reads a handful of files instead of one per source module, and a bundler still
// drops what an application does not use: the package says `sideEffects`, and the bundled code keeps
// every module's declarations at the top level, where tree-shaking sees them one by one.
//
// Every import that does not start with `.` (dependencies, `node:` modules, sibling packages) is left
// external. What CommonJS gives a module and ES modules do not is supplied where a source uses it:
// `__filename` becomes `import.meta.filename` (Node 20.11+), and a module that calls `require()` gets
// one made by `createRequire(import.meta.url)`. `__dirname` is refused: a bundled file does not sit
// where its source did.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { build, transform } from 'esbuild';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts'];
const packageDir = process.cwd();
const srcDir = join(packageDir, 'src');
const distDir = join(packageDir, 'dist');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));

if (!existsSync(distDir)) fail('dist/ does not exist: run tsc first');

const entryPoints = Object.values(manifest.exports)
  .filter((target) => typeof target === 'object')
  .map((target) => sourceOfEntry(target.import.default));
const common = {
  entryPoints,
  outdir: distDir,
  outbase: srcDir,
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  tsconfig: join(packageDir, 'tsconfig.json'),
  plugins: [externalPackages()],
  logLevel: 'warning',
};

// A first pass, written nowhere, finds the modules that call require() and refuses __dirname.
const { metafile, outputFiles } = await build({ ...common, write: false, metafile: true });
const requiring = new Set(
  Object.entries(metafile.inputs)
    .filter(([, input]) => input.imports.some((imported) => imported.kind === 'require-call'))
    .map(([path]) => resolve(path)),
);
for (const output of outputFiles) {
  if (/\b__dirname\b/.test(output.text)) {
    fail(`${relative(packageDir, output.path)} reads __dirname, which a bundled file cannot keep`);
  }
}

for (const file of filesUnder(distDir, /\.js$/)) rmSync(file);
const esm = await build({
  ...common,
  outExtension: { '.js': '.mjs' },
  define: { __filename: 'import.meta.filename' },
  plugins: [externalPackages(), nodeRequire(requiring)],
  metafile: true,
});
// The CommonJS files: the same split, each output converted on its own (`require` and `__filename`
// are CommonJS's own there).
const cjs = await build({ ...common, outExtension: { '.js': '.js' }, write: false });
for (const output of cjs.outputFiles) {
  const { code } = await transform(output.text, { format: 'cjs', platform: 'node', target: 'es2022' });
  writeFileSync(output.path, code);
}

// A `sideEffects` list names files of this build: a file it names that the build no longer writes
// would let bundlers drop the code that has the effect.
for (const file of Array.isArray(manifest.sideEffects) ? manifest.sideEffects : []) {
  if (!existsSync(join(packageDir, file)))
    fail(`"sideEffects" names ${file}, which the build does not write`);
}

let declarations = 0;
for (const from of filesUnder(distDir, /\.d\.ts$/)) {
  writeFileSync(from.replace(/\.d\.ts$/, '.d.mts'), rewriteDeclaration(readFileSync(from, 'utf8'), from));
  declarations++;
}
const files = Object.keys(esm.metafile.outputs).length;
console.log(
  `${manifest.name}: ${Object.keys(metafile.inputs).length} modules -> ${files} files, .mjs and .js; ` +
    `${declarations} declarations -> .d.mts`,
);

/** The source file of an entry's ES module file: `./dist/a/index.mjs` -> src/a/index.ts. */
function sourceOfEntry(target) {
  const base = join(packageDir, target.replace(/^\.\/dist\//, 'src/').replace(/\.mjs$/, ''));
  const source = SOURCE_EXTENSIONS.map((extension) => base + extension).find((file) => existsSync(file));
  if (source === undefined) fail(`${target} has no source file under src/`);
  return source;
}

/**
 * Leaves every import that does not start with `.` to the package's dependencies, and keeps every
 * relative one: the package's own `sideEffects` speaks to its users' bundlers, not to this build.
 */
function externalPackages() {
  return {
    name: 'external-packages',
    setup(esbuild) {
      esbuild.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (!args.path.startsWith('.')) return { path: args.path, external: true };
        const path = sourceFileOf(resolve(args.resolveDir, args.path));
        if (path === undefined) return { errors: [{ text: `${args.path} names no source file` }] };
        return { path, sideEffects: true };
      });
    },
  };
}

/** The source file a relative import without extension names: `x.ts` or `x/index.ts`. */
function sourceFileOf(base) {
  const stripped = base.replace(/\.(m?js|cjs)$/, '');
  const candidates = SOURCE_EXTENSIONS.flatMap((extension) => [
    stripped + extension,
    join(stripped, `index${extension}`),
  ]);
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** Gives each module in `requiring` a `require` of its own, for the ES module build. */
function nodeRequire(requiring) {
  return {
    name: 'node-require',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.m?tsx?$/ }, (args) => {
        if (!requiring.has(args.path)) return undefined;
        const shim =
          "import { createRequire as __createRequire } from 'node:module';\n" +
          'const require = __createRequire(import.meta.url);\n';
        return { contents: shim + readFileSync(args.path, 'utf8'), loader: 'ts' };
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
  console.error(`build-dist: ${message}`);
  process.exit(1);
}
