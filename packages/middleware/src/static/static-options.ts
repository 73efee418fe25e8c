import { statSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { invalidOption, MiddlewareError } from '../errors';
import { checkOptions, describe } from '../shared/check-options';

/** Options of `serveStatic()`. */
export interface ServeStaticOptions {
  /** Files tried for a directory path ending in `/` (default `['index.html']`; `false` for none). */
  readonly index?: readonly string[] | false;
  /** Files and folders whose name starts with a dot: `'ignore'` (default, as if absent) or `'allow'`. */
  readonly dotfiles?: 'ignore' | 'allow';
  /** Serve files reached through symlinks that lead out of the root (default false: refused). */
  readonly followSymlinks?: boolean;
  /** Extensions never served, compared without case (default: TypeScript sources `.ts .mts .cts .tsx`). */
  readonly denyExtensions?: readonly string[];
  /** `Cache-Control: public, max-age=N` in seconds (default 0). */
  readonly maxAge?: number;
  /** Adds `immutable` to `Cache-Control` (for fingerprinted file names). */
  readonly immutable?: boolean;
}

export interface StaticSettings {
  /** The root as given, resolved to an absolute path. */
  readonly root: string;
  /** The root with every symlink resolved. */
  readonly realRoot: string;
  readonly index: readonly string[];
  readonly allowDotfiles: boolean;
  readonly followSymlinks: boolean;
  readonly denyExtensions: ReadonlySet<string>;
  readonly cacheControl: string;
}

/** Extensions `serveStatic` never serves unless `denyExtensions` says otherwise: TypeScript sources. */
export const DEFAULT_DENIED_EXTENSIONS = ['.ts', '.mts', '.cts', '.tsx'];

const OPTIONS = ['index', 'dotfiles', 'followSymlinks', 'denyExtensions', 'maxAge', 'immutable'];

export function staticSettings(root: string, given?: ServeStaticOptions): StaticSettings {
  if (typeof root !== 'string' || root === '') {
    throw invalidOption(
      'serveStatic',
      'root',
      `must be the path of the folder to serve, got ${describe(root)}; is the setting or environment variable that holds it set?`,
    );
  }
  const options = checkOptions('serveStatic', given, OPTIONS) as ServeStaticOptions;
  checkChoices(options);
  const absolute = resolve(root);
  let realRoot: string;
  try {
    realRoot = realpathSync(absolute);
    if (!statSync(realRoot).isDirectory()) throw new Error('not a directory');
  } catch (cause) {
    throw new MiddlewareError(
      'FRAMEWORK_ERR_STATIC_ROOT_NOT_DIRECTORY',
      `serveStatic: the root ${absolute} is not a directory; give the folder that holds the files to serve.`,
      { cause },
    );
  }
  const maxAge = options.maxAge ?? 0;
  if (!Number.isInteger(maxAge) || maxAge < 0) {
    throw invalidOption('serveStatic', 'maxAge', `must be a whole number of seconds, got ${String(maxAge)}.`);
  }
  const index = options.index === false ? [] : (options.index ?? ['index.html']);
  if (!Array.isArray(index)) {
    throw invalidOption(
      'serveStatic',
      'index',
      `must be a list of file names or false, got ${describe(index)}.`,
    );
  }
  for (const name of index) {
    if (typeof name !== 'string' || name === '' || /[/\\\0]/.test(name) || name === '..') {
      throw invalidOption('serveStatic', 'index', `holds ${JSON.stringify(name)}; give plain file names.`);
    }
  }
  return {
    root: absolute,
    realRoot,
    index,
    allowDotfiles: options.dotfiles === 'allow',
    followSymlinks: options.followSymlinks === true,
    denyExtensions: new Set(
      (options.denyExtensions ?? DEFAULT_DENIED_EXTENSIONS).map((ext) => ext.toLowerCase()),
    ),
    cacheControl: `public, max-age=${maxAge}${options.immutable === true ? ', immutable' : ''}`,
  };
}

function checkChoices(options: ServeStaticOptions): void {
  if (options.dotfiles !== undefined && options.dotfiles !== 'ignore' && options.dotfiles !== 'allow') {
    throw invalidOption(
      'serveStatic',
      'dotfiles',
      `must be 'ignore' or 'allow', got ${describe(options.dotfiles)}.`,
    );
  }
  for (const key of ['followSymlinks', 'immutable'] as const) {
    const value = options[key];
    if (value !== undefined && typeof value !== 'boolean')
      throw invalidOption('serveStatic', key, `must be true or false, got ${describe(value)}.`);
  }
  const denied: unknown = options.denyExtensions;
  if (
    denied !== undefined &&
    (!Array.isArray(denied) || denied.some((ext) => typeof ext !== 'string' || !ext.startsWith('.')))
  ) {
    throw invalidOption('serveStatic', 'denyExtensions', "must be a list of extensions such as ['.ts'].");
  }
}
