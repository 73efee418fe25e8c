import type { Stats } from 'node:fs';
import { type FileHandle, open, realpath, stat } from 'node:fs/promises';
import { isServable } from './find-file';
import type { StaticSettings } from './static-options';
import { isInside } from './static-path';

/** An open file and the stats of that open file. */
export interface OpenFile {
  readonly handle: FileHandle;
  readonly stats: Stats;
}

/**
 * Opens the file found at `path`, then checks that what was opened is still what the checks allowed:
 * the path's real path lies under the real root (unless `followSymlinks`), is servable, and names the
 * same file (device and inode) as the open handle. A symlink swapped in between the checks and the
 * open (by someone who can write in the served folder) makes the handle differ from the file at the
 * checked real path, and the file is not served. The check is portable: no `/proc`, no `O_NOFOLLOW`.
 * Undefined when the file is gone, is no longer a regular file, or fails a check.
 */
export async function openChecked(settings: StaticSettings, path: string): Promise<OpenFile | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const stats = await handle.stat();
    const real = await realpath(path);
    if (!settings.followSymlinks && !isInside(settings.realRoot, real)) throw new Error('outside');
    if (!stats.isFile() || !isServable(settings, path, real)) throw new Error('not servable');
    const current = await stat(real);
    if (current.dev !== stats.dev || current.ino !== stats.ino) throw new Error('replaced');
    return { handle, stats };
  } catch {
    await handle.close();
    return undefined;
  }
}
