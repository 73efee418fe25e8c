// Copies examples/skeleton into template/, which ships in the package. npm drops .gitignore from
// tarballs, and a nested package.json would read as part of this package (its "imports" field is
// ignored there), so both travel under other names and are renamed when a project is created.
const { cpSync, renameSync, rmSync } = require('node:fs');
const { join, relative, sep } = require('node:path');

const source = join(__dirname, '..', '..', '..', 'examples', 'skeleton');
const target = join(__dirname, '..', 'template');
const skipped =
  /(^|[\\/])(node_modules|dist|\.turbo|coverage)([\\/]|$)|\.local\.[a-z]+$|\.tsbuildinfo$|data[\\/]cache[\\/](?!\.gitkeep$)./;

rmSync(target, { recursive: true, force: true });
cpSync(source, target, {
  recursive: true,
  filter: (path) => !skipped.test(relative(source, path).split(sep).join('/')),
});
renameSync(join(target, '.gitignore'), join(target, 'gitignore'));
renameSync(join(target, 'package.json'), join(target, 'package-template.json'));
