import { parseArgs } from 'node:util';
import { CONTAINERS, NAMESPACE_PATTERN, ROUTERS, STYLES } from './choices';

/** What a project is created with. */
export interface CreateOptions {
  readonly directory: string;
  /** `code-first` (the application built in `src/app.ts`) or `config` (configuration-driven). */
  readonly style: string;
  readonly router: string;
  /** The container of a `config` project (a `code-first` project has none of its own). */
  readonly container: string;
  /** The own namespace under `src/` of a `config` project. */
  readonly namespace: string;
  readonly install: boolean;
  /** A folder of `npm pack` tarballs used instead of the registry for `@framework/*` packages. */
  readonly packagesFrom: string | undefined;
}

/** Flags as given; anything missing is asked for, or defaulted with `--yes`. */
export type PartialOptions = { -readonly [K in keyof CreateOptions]?: CreateOptions[K] } & {
  readonly yes: boolean;
  readonly help: boolean;
};

/** A command line that cannot be used: unknown flag or answer, more than one directory. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage: npm create framework-app [directory] -- [options]

Options:
  --style <name>        ${Object.keys(STYLES).join(' | ')} (default code-first)
  --router <name>       ${Object.keys(ROUTERS).join(' | ')} (default fmw)
  --container <name>    ${Object.keys(CONTAINERS).join(' | ')} (default typedi; --style config only)
  --namespace <name>    own namespace under src/, imported as #Name/... (default App; --style config only)
  --no-install          write the files only
  --packages-from <dir> use @framework/* tarballs from this folder instead of the registry
  --yes, -y             take defaults for everything not given, never prompt
  --help, -h            show this help`;

/** Parses command-line arguments; throws a `UsageError` that says what is wrong. */
export function parseOptions(argv: readonly string[]): PartialOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        style: { type: 'string' },
        router: { type: 'string' },
        container: { type: 'string' },
        namespace: { type: 'string' },
        install: { type: 'boolean', default: true },
        'no-install': { type: 'boolean' },
        'packages-from': { type: 'string' },
        yes: { type: 'boolean', short: 'y', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) throw new UsageError(`Expected one directory, got: ${positionals.join(' ')}`);
  const options: PartialOptions = {
    yes: values.yes ?? false,
    help: values.help ?? false,
    install: values['no-install'] ? false : (values.install ?? true),
    directory: positionals[0],
    style: values.style,
    router: values.router,
    container: values.container,
    namespace: values.namespace,
    packagesFrom: values['packages-from'],
  };
  validate(options);
  return options;
}

/**
 * Checks complete options, as `scaffold()` receives them from the command line or from code: every
 * choice is given and valid, so nothing unchecked reaches a path or a generated file.
 */
export function validateCreateOptions(options: CreateOptions): void {
  for (const key of ['directory', 'style', 'router', 'container', 'namespace'] as const) {
    if (typeof options[key] !== 'string') {
      throw new UsageError(`Option "${key}" must be a string, got ${typeof options[key]}.`);
    }
  }
  validate({ ...options, yes: true, help: false });
}

/** Checks each given answer; the message lists the valid ones. */
export function validate(options: PartialOptions): void {
  if (options.style !== undefined && !(options.style in STYLES)) {
    throw new UsageError(
      `Unknown style "${options.style}". Choose one of: ${Object.keys(STYLES).join(', ')}.`,
    );
  }
  if (options.router !== undefined && !(options.router in ROUTERS)) {
    throw new UsageError(
      `Unknown router "${options.router}". Choose one of: ${Object.keys(ROUTERS).join(', ')}.`,
    );
  }
  if (options.container !== undefined && !(options.container in CONTAINERS)) {
    throw new UsageError(
      `Unknown container "${options.container}". Choose one of: ${Object.keys(CONTAINERS).join(', ')}.`,
    );
  }
  if (options.namespace !== undefined && !NAMESPACE_PATTERN.test(options.namespace)) {
    throw new UsageError(
      `Invalid namespace "${options.namespace}": use letters and digits, starting with a capital (e.g. App).`,
    );
  }
  if (options.directory !== undefined && options.directory.trim() === '') {
    throw new UsageError('The directory name must not be empty.');
  }
}

/**
 * Refuses `--container` and `--namespace` with `--style code-first`: that project builds its
 * application in `src/app.ts`, with no container or namespace of its own. (Without `--style`, either
 * flag selects the `config` style.)
 */
export function checkStyleFlags(style: string, given: PartialOptions): void {
  if (STYLES[style]?.configured !== false) return;
  const flag =
    given.container !== undefined ? '--container' : given.namespace !== undefined ? '--namespace' : undefined;
  if (flag !== undefined) {
    throw new UsageError(
      `${flag} applies to --style config only; a ${style} project has no container or namespace.`,
    );
  }
}
