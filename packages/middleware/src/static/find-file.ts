import { type Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { basename, extname, relative, sep } from 'node:path';
import type { StaticSettings } from './static-options';
import { isInside, joinUnder } from './static-path';

/** What a request path names under the root. */
export type StaticLookup =
  | { readonly kind: 'file'; readonly path: string; readonly stats: Stats }
  /** A directory asked for without its trailing `/`. */
  | { readonly kind: 'directory' }
  | { readonly kind: 'none' };

const NONE: StaticLookup = { kind: 'none' };
const DIRECTORY: StaticLookup = { kind: 'directory' };

/** Finds the file for checked path segments: symlinks, denied extensions and directories resolved. */
export async function findFile(settings: StaticSettings, segments: readonly string[]): Promise<StaticLookup> {
  const wantsDirectory = segments[segments.length - 1] === '';
  const candidate = joinUnder(settings.root, segments);
  if (candidate === undefined) return NONE;
  const found = await statInsideRoot(settings, candidate);
  if (found === undefined) return NONE;
  if (found.stats.isDirectory()) {
    if (!wantsDirectory) return settings.index.length > 0 ? DIRECTORY : NONE;
    for (const name of settings.index) {
      const index = await statInsideRoot(settings, joinUnder(found.path, [name]));
      if (index !== undefined && index.stats.isFile() && isServable(settings, name, index.path))
        return { kind: 'file', ...index };
    }
    return NONE;
  }
  if (wantsDirectory || !found.stats.isFile() || !isServable(settings, candidate, found.path)) return NONE;
  return { kind: 'file', ...found };
}

/** The real path and stats of `path`, or undefined when it is missing or (by default) leads out of the root. */
async function statInsideRoot(
  settings: StaticSettings,
  path: string | undefined,
): Promise<{ path: string; stats: Stats } | undefined> {
  if (path === undefined) return undefined;
  try {
    const real = await realpath(path);
    if (!settings.followSymlinks && !isInside(settings.realRoot, real)) return undefined;
    return { path: real, stats: await stat(real) };
  } catch {
    return undefined;
  }
}

/**
 * Neither the name asked for nor the file it leads to has a denied extension, and, unless dotfiles
 * are allowed, the file a symlink leads to is no dotfile and lies in no dot folder under the root
 * (`public/config.txt` → `public/.env` is refused like `/.env`).
 */
export function isServable(settings: StaticSettings, name: string, realPath: string): boolean {
  const denied = settings.denyExtensions;
  if (denied.has(extname(name).toLowerCase()) || denied.has(extname(realPath).toLowerCase())) return false;
  return settings.allowDotfiles || !hiddenOnDisk(settings.realRoot, realPath);
}

function hiddenOnDisk(realRoot: string, realPath: string): boolean {
  const inside = isInside(realRoot, realPath) ? relative(realRoot, realPath) : basename(realPath);
  return inside.split(sep).some((segment) => segment.charCodeAt(0) === 46);
}
