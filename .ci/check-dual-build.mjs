#!/usr/bin/env node
// Checks the two builds of the package in the current folder, for every entry of its `exports` map:
// - the ES module file and the CommonJS file both load on this Node and export the same names;
// - `require()` and `import()` of the entry by name give the very same values, so a program that
//   mixes both (a CommonJS config file in an ES module application, a CommonJS dependency) holds one
//   copy of each class and `instanceof` keeps working.
//
// Run after the build, from the package's folder: `node ../../.ci/check-dual-build.mjs`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const packageDir = process.cwd();
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
// Resolves the package's own name through its exports map, as a CommonJS file inside it would.
const requireHere = createRequire(join(packageDir, 'package.json'));
const NOT_EXPORTS = new Set(['__esModule', 'default', 'module.exports']);

const problems = [];
let entries = 0;
for (const [subpath, target] of Object.entries(manifest.exports)) {
  if (typeof target === 'string') continue; // ./package.json
  const name = manifest.name + subpath.slice(1);
  entries++;
  try {
    await checkEntry(name, target);
  } catch (error) {
    problems.push(`${name}: ${error.message}`);
  }
}

if (problems.length > 0) {
  console.error(`${manifest.name}: the ES module and CommonJS builds disagree:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `${manifest.name}: ${entries === 1 ? 'its entry loads' : `its ${entries} entries load`} as ES module and ` +
    `CommonJS with the same exports, one copy on Node ${process.version}`,
);

async function checkEntry(name, target) {
  const esm = await import(pathToFileURL(join(packageDir, target.import.default)).href);
  const cjs = requireHere(join(packageDir, target.require.default));
  const esmNames = exportedNames(esm);
  const cjsNames = exportedNames(cjs);
  const onlyEsm = esmNames.filter((key) => !cjsNames.includes(key));
  const onlyCjs = cjsNames.filter((key) => !esmNames.includes(key));
  if (onlyEsm.length > 0 || onlyCjs.length > 0) {
    throw new Error(`only in ESM [${onlyEsm.join(', ')}], only in CommonJS [${onlyCjs.join(', ')}]`);
  }

  const required = requireHere(name);
  const imported = await import(name);
  const copies = esmNames.filter((key) => required[key] !== imported[key]);
  if (copies.length > 0) {
    throw new Error(`require() and import() give two copies of ${copies.join(', ')}`);
  }
}

function exportedNames(namespace) {
  return Object.keys(namespace)
    .filter((key) => !NOT_EXPORTS.has(key))
    .sort();
}
