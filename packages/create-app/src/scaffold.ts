import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { CONTAINERS, type RouterChoice, ROUTERS } from './choices';
import { type CreateOptions, validateCreateOptions } from './options';
import { PACKAGE_VERSIONS } from './package-versions';
import { containerFile, routerConfigFile } from './project-files';
import { resolveTarballs } from './tarballs';

const TEXT_FILE = /\.(ts|json|md|txt)$|^gitignore$/;
/** Where a project installed from tarballs keeps them, so it installs again from its own folder. */
const VENDOR_DIR = 'vendor';
const FRAMEWORK_ROUTERS = Object.values(ROUTERS).map((router) => router.packageName);

/** The target folder exists and holds files: nothing was written. */
export class TargetNotEmptyError extends Error {
  override readonly name = 'TargetNotEmptyError';
}

/** Where the project templates ship inside this package, by style. */
export const TEMPLATE_DIRS: Readonly<Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, {
    'code-first': join(__dirname, '..', 'template', 'code-first'),
    config: join(__dirname, '..', 'template', 'config'),
  }),
);

/** The router the code-first template is written with, replaced by the chosen one. */
const TEMPLATE_ROUTER = ROUTERS.fmw!;

/**
 * Writes a new project into `options.directory` from the template of its style, with the chosen router
 * (and for the `config` style, container and namespace). Checks the options as the command line does
 * (a `UsageError` names the bad one) and refuses a non-empty target, both before writing anything.
 */
export function scaffold(options: CreateOptions, templateDir = TEMPLATE_DIRS[options.style]): string {
  validateCreateOptions(options);
  const target = resolve(options.directory);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new TargetNotEmptyError(`The folder ${target} is not empty; choose a new or empty folder.`);
  }
  const router = ROUTERS[options.router]!;
  const tarballs = options.packagesFrom === undefined ? undefined : resolveTarballs(options.packagesFrom);

  mkdirSync(target, { recursive: true });
  cpSync(templateDir!, target, { recursive: true });
  renameSync(join(target, 'gitignore'), join(target, '.gitignore'));
  renameSync(join(target, 'package-template.json'), join(target, 'package.json'));
  const chosen = options.style === 'config' ? configure(target, options) : {};
  if (options.style === 'code-first') writeCodeFirstRouter(target, router);
  writeReadmeTitle(target, packageName(target));

  const manifestPath = join(target, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  manifest.name = packageName(target);
  const dependencies: Record<string, string> = { ...manifest.dependencies };
  for (const name of FRAMEWORK_ROUTERS) delete dependencies[name];
  delete dependencies['@framework/container-typedi'];
  delete dependencies.typedi;
  // The chosen packages get their versions with the rest, below.
  dependencies[router.packageName] = '';
  Object.assign(dependencies, chosen);
  for (const name of Object.keys(dependencies)) {
    const tarball = tarballs?.get(name);
    dependencies[name] =
      tarball !== undefined ? vendorTarball(target, tarball) : versionRange(name, dependencies[name]!);
  }
  manifest.dependencies = Object.fromEntries(
    Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  return target;
}

/**
 * Writes the chosen router, container and namespace into a `config` project; returns the container's
 * dependencies (empty versions for `@framework` packages, resolved with the rest).
 */
function configure(target: string, options: CreateOptions): Record<string, string> {
  const container = CONTAINERS[options.container]!;
  if (options.namespace !== 'App')
    renameSync(join(target, 'src', 'App'), join(target, 'src', options.namespace));
  writeFileSync(
    join(target, 'config', 'autoload', 'router.global.ts'),
    routerConfigFile(ROUTERS[options.router]!),
  );
  writeFileSync(join(target, 'config', 'container.ts'), containerFile(container));
  rewriteNamespace(target, options.namespace);
  if (container.packageName === null) return {};
  return { [container.packageName]: '', ...container.peerPackages };
}

/** A code-first project's `src/app.ts` builds its application with the chosen router adapter. */
function writeCodeFirstRouter(target: string, router: RouterChoice): void {
  const file = join(target, 'src', 'app.ts');
  const text = readFileSync(file, 'utf8')
    .replaceAll(`'${TEMPLATE_ROUTER.packageName}'`, `'${router.packageName}'`)
    .replaceAll(TEMPLATE_ROUTER.className, router.className);
  writeFileSync(file, text);
}

/**
 * Copies a tarball into the project's `vendor/` and returns the dependency spec npm itself would save
 * for it (`file:vendor/framework-application-0.1.0.tgz`, relative, forward slashes), so a later
 * `npm install` in the project, or `npm install <another tarball>`, finds the same spec. Every
 * `@framework` package meets the others as a peer dependency, so the direct dependencies decide which
 * copy is installed and no `overrides` are needed.
 */
function vendorTarball(target: string, tarball: string): string {
  mkdirSync(join(target, VENDOR_DIR), { recursive: true });
  copyFileSync(tarball, join(target, VENDOR_DIR, basename(tarball)));
  return `file:${VENDOR_DIR}/${basename(tarball)}`;
}

/** The template's README is titled with the template's package name: give it the project's. */
function writeReadmeTitle(target: string, name: string): void {
  const readme = join(target, 'README.md');
  if (!existsSync(readme)) return;
  writeFileSync(readme, readFileSync(readme, 'utf8').replace(/^# .*$/m, `# ${name}`));
}

/** Each `@framework` package at its own version; the template's other exact versions as caret ranges. */
function versionRange(name: string, templateRange: string): string {
  const version = PACKAGE_VERSIONS.get(name) ?? templateRange;
  return /^\d/.test(version) ? `^${version}` : version;
}

function rewriteNamespace(root: string, namespace: string): void {
  if (namespace === 'App') return;
  for (const file of listFiles(root)) {
    if (!TEXT_FILE.test(basename(file))) continue;
    const text = readFileSync(file, 'utf8');
    const next = text
      .replaceAll('#App/', `#${namespace}/`)
      .replaceAll('src/App/', `src/${namespace}/`)
      .replaceAll("'App\\\\", `'${namespace}\\\\`);
    if (next !== text) writeFileSync(file, next);
  }
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

function packageName(target: string): string {
  const name = basename(target)
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+/, '');
  return name === '' ? relative(process.cwd(), target) || 'framework-app' : name;
}
