// Writes the project templates that ship in the package: template/config from examples/skeleton (the
// configuration-driven layout) and template/code-first from code-first/, which shares the skeleton's
// test runner script. npm drops .gitignore from tarballs, and a nested package.json would read as part
// of this package (its "imports" field is ignored there), so both travel under other names
// (gitignore, package-template.json) and are renamed when a project is created.
const { cpSync, renameSync, rmSync } = require('node:fs');
const { join, relative, sep } = require('node:path');

const skeleton = join(__dirname, '..', '..', '..', 'examples', 'skeleton');
const target = join(__dirname, '..', 'template');
const skipped =
  /(^|[\\/])(node_modules|dist|\.turbo|coverage)([\\/]|$)|\.local\.[a-z]+$|\.tsbuildinfo$|data[\\/]cache[\\/](?!\.gitkeep$)./;

rmSync(target, { recursive: true, force: true });
const copy = (source, destination) =>
  cpSync(source, destination, {
    recursive: true,
    filter: (path) => !skipped.test(relative(source, path).split(sep).join('/')),
  });

const config = join(target, 'config');
copy(skeleton, config);
renameSync(join(config, '.gitignore'), join(config, 'gitignore'));
renameSync(join(config, 'package.json'), join(config, 'package-template.json'));

const codeFirst = join(target, 'code-first');
copy(join(__dirname, '..', 'code-first'), codeFirst);
cpSync(join(skeleton, 'scripts', 'test.mjs'), join(codeFirst, 'scripts', 'test.mjs'));
