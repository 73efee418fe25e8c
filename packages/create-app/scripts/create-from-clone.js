// `npm run create-app -- <directory> [options]` at the repository root: creates a project before the
// packages are on the registry. The npm script builds the packages first; this packs each published
// @framework package into a temporary folder and runs the scaffolder with --packages-from, which
// copies the tarballs into the project's vendor/. The directory is relative to where npm was started.
const { execFileSync } = require('node:child_process');
const { mkdtempSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const packagesDir = join(__dirname, '..', '..');
const tarballs = mkdtempSync(join(tmpdir(), 'framework-tarballs-'));
try {
  for (const directory of readdirSync(packagesDir)) {
    const manifest = JSON.parse(readFileSync(join(packagesDir, directory, 'package.json'), 'utf8'));
    if (!manifest.name.startsWith('@framework/') || manifest.private) continue;
    execFileSync('npm', ['pack', '--silent', '--pack-destination', tarballs], {
      cwd: join(packagesDir, directory),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const cli = join(__dirname, '..', 'dist', 'cli.js');
  execFileSync(process.execPath, [cli, ...process.argv.slice(2), '--packages-from', tarballs], {
    cwd: process.env.INIT_CWD ?? process.cwd(),
    stdio: 'inherit',
  });
} catch (error) {
  process.exitCode = typeof error.status === 'number' ? error.status : 1;
} finally {
  rmSync(tarballs, { recursive: true, force: true });
}
