#!/usr/bin/env node
// Release rehearsal. On throwaway copies of the repository, adds a changeset, runs `changeset version`
// and checks that only the packages the versioning strategy names are bumped, that the lockfile still
// resolves with one copy of @framework/router-contract and every @framework package linked from the
// workspace, and that a project scaffolded from the bumped packages installs. Leaves the repository
// untouched.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const changeset = join(root, 'node_modules', '@changesets', 'cli', 'bin.js');
const scaffolder = join(root, 'packages', 'create-app', 'dist', 'cli.js');
const CONTRACT = '@framework/router-contract';

// Each rehearsal releases the packages in `changes`; the strategy says that nothing else is bumped.
const rehearsals = [
  {
    title: 'a minor of one adapter',
    changes: { '@framework/router-fmw': 'minor' },
  },
  {
    title: 'a patch of the router contract',
    changes: { [CONTRACT]: 'patch' },
  },
  {
    title: 'a minor of the router contract',
    changes: { [CONTRACT]: 'minor' },
    scaffold: true,
  },
  {
    title: 'a minor of the application',
    changes: { '@framework/application': 'minor' },
    scaffold: true,
  },
];

const work = mkdtempSync(join(tmpdir(), 'framework-release-rehearsal-'));
try {
  for (const rehearsal of rehearsals) rehearse(rehearsal);
} catch (error) {
  console.error(`release rehearsal failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}

function rehearse({ title, changes, scaffold }) {
  if (scaffold && !existsSync(scaffolder)) fail(`build the scaffolder first (npm run build): ${scaffolder}`);
  const copy = join(work, title.replaceAll(' ', '-'));
  copyRepository(copy);
  const before = packageVersions(copy);
  const bumped = Object.fromEntries(
    Object.entries(changes).map(([name, type]) => [name, nextVersion(before[name], type)]),
  );
  // Pending changesets of unreleased work would be versioned too: the rehearsal measures its own alone.
  const pending = join(copy, '.changeset');
  for (const file of readdirSync(pending)) {
    if (file.endsWith('.md') && file !== 'README.md') rmSync(join(pending, file));
  }
  const entries = Object.entries(changes).map(([name, type]) => `'${name}': ${type}`);
  writeFileSync(join(copy, '.changeset', 'rehearsal.md'), `---\n${entries.join('\n')}\n---\n\nRehearsal.\n`);

  // changeset reads its changelog generator from node_modules: lend it the repository's.
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  run(process.execPath, [changeset, 'version'], copy);
  rmSync(join(copy, 'node_modules'));

  const after = packageVersions(copy);
  const changed = Object.fromEntries(
    Object.entries(after).filter(([name, version]) => before[name] !== version),
  );
  const summary = Object.entries(changed).map(([name, version]) => `${name} ${before[name]} -> ${version}`);
  console.log(`release rehearsal, ${title}: bumped ${summary.join(', ') || 'nothing'}`);
  expectEqual(changed, bumped, `${title}: the packages bumped`);
  for (const name of Object.keys(bumped)) {
    const changelog = join(copy, 'packages', directoryOf(copy, name), 'CHANGELOG.md');
    if (!readFileSync(changelog, 'utf8').includes(`## ${bumped[name]}`))
      fail(`${title}: ${changelog} has no section for ${bumped[name]}`);
  }

  run(
    'npm',
    ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
    copy,
  );
  checkLockfile(join(copy, 'package-lock.json'), after, title);
  console.log(`release rehearsal, ${title}: the lockfile resolves, one copy of ${CONTRACT}`);

  if (scaffold) checkScaffoldedProject(copy, title);
}

/** The tracked and untracked (not ignored) files of the repository, without node_modules or builds. */
function copyRepository(copy) {
  const files = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], root)
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    try {
      cpSync(join(root, file), join(copy, file));
    } catch (error) {
      if (error.code !== 'ENOENT') throw error; // a tracked file deleted in the working tree
    }
  }
}

/** Every workspace package's version by name, read from the copy. */
function packageVersions(copy) {
  const versions = {};
  for (const directory of readdirSync(join(copy, 'packages'))) {
    const manifest = readJson(join(copy, 'packages', directory, 'package.json'));
    versions[manifest.name] = manifest.version;
  }
  return versions;
}

function directoryOf(copy, name) {
  return readdirSync(join(copy, 'packages')).find(
    (directory) => readJson(join(copy, 'packages', directory, 'package.json')).name === name,
  );
}

/** Every @framework package resolves to its workspace folder at its new version; the contract once. */
function checkLockfile(lockfile, versions, title) {
  const { packages } = readJson(lockfile);
  const contracts = Object.keys(packages).filter((key) => key.endsWith(`node_modules/${CONTRACT}`));
  expectEqual(contracts, [`node_modules/${CONTRACT}`], `${title}: copies of ${CONTRACT} in the lockfile`);
  for (const [key, entry] of Object.entries(packages)) {
    if (key.includes('node_modules/@framework/') && !entry.link)
      fail(`${title}: ${key} resolves from the registry (${entry.resolved}), not from the workspace`);
  }
  for (const [name, version] of Object.entries(versions)) {
    const entry = Object.values(packages).find((candidate) => candidate.name === name && !candidate.link);
    if (entry?.version !== version)
      fail(`${title}: the lockfile holds ${name}@${entry?.version}, not ${version}`);
  }
}

/** Packs the bumped packages, scaffolds a project from them and resolves its dependencies. */
function checkScaffoldedProject(copy, title) {
  const tarballs = join(copy, 'tarballs');
  mkdirSync(tarballs);
  for (const directory of readdirSync(join(copy, 'packages'))) {
    if (readJson(join(copy, 'packages', directory, 'package.json')).name.startsWith('@framework/'))
      run('npm', ['pack', '--silent', '--pack-destination', tarballs], join(copy, 'packages', directory));
  }
  const project = join(copy, 'scaffolded');
  run(process.execPath, [scaffolder, project, '--yes', '--no-install', '--packages-from', tarballs], copy);
  // The project names every @framework package it needs as a tarball and has no overrides, so a peer
  // range that a new version leaves fails to resolve here.
  run(
    'npm',
    ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
    project,
  );
  const { packages } = readJson(join(project, 'package-lock.json'));
  const contracts = Object.entries(packages).filter(([key]) => key.endsWith(`node_modules/${CONTRACT}`));
  expectEqual(
    contracts.map(([key, entry]) => `${key}@${entry.version}`),
    [`node_modules/${CONTRACT}@${packageVersions(copy)[CONTRACT]}`],
    `${title}: copies of ${CONTRACT} in a scaffolded project`,
  );
  console.log(
    `release rehearsal, ${title}: a project scaffolded from the new packages resolves, one copy of ${CONTRACT}`,
  );
}

function run(command, args, cwd) {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    fail(`${command} ${args.join(' ')} failed in ${cwd}:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}

/** The version `changeset version` gives `version` for a bump of `type` (no pre-releases here). */
function nextVersion(version, type) {
  const [major, minor, patch] = version.split('.').map(Number);
  if (type === 'major') return `${major + 1}.0.0`;
  if (type === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function expectEqual(actual, expected, what) {
  const [a, e] = [JSON.stringify(actual), JSON.stringify(expected)];
  if (a !== e) fail(`${what}: expected ${e}, got ${a}`);
}

function fail(message) {
  throw new Error(message);
}
