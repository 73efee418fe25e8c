import { parseArgs } from 'node:util';
import { CONTAINERS, NAMESPACE_PATTERN, ROUTERS } from './choices';

/** What a project is created with. */
export interface CreateOptions {
  readonly directory: string;
  readonly router: string;
  readonly container: string;
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
  --router <name>       ${Object.keys(ROUTERS).join(' | ')} (default fmw)
  --container <name>    ${Object.keys(CONTAINERS).join(' | ')} (default typedi)
  --namespace <name>    own namespace under src/, imported as #Name/... (default App)
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
  for (const key of ['directory', 'router', 'container', 'namespace'] as const) {
    if (typeof options[key] !== 'string') {
      throw new UsageError(`Option "${key}" must be a string, got ${typeof options[key]}.`);
    }
  }
  validate({ ...options, yes: true, help: false });
}

/** Checks each given answer; the message lists the valid ones. */
export function validate(options: PartialOptions): void {
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
