import { join } from 'node:path';
import { glob } from 'tinyglobby';

/** The extensions a config file may have, in the pattern's order. */
export const CONFIG_FILE_EXTENSIONS = ['json', 'js', 'cjs', 'mjs', 'ts'] as const;

const GROUPS = ['global', 'local'] as const;

/**
 * Lists the config files of a folder in merge order: `{,*.}global.{json,js,cjs,mjs,ts}`, then
 * `{,*.}local.{...}`, each group sorted by file name (code-point order, so the same on every machine).
 * Sub-folders and dot files are not read. A missing folder has no files.
 */
export async function findConfigFiles(autoloadDir: string): Promise<string[]> {
  const files: string[] = [];
  for (const group of GROUPS) {
    const names = await glob(`{,*.}${group}.{${CONFIG_FILE_EXTENSIONS.join(',')}}`, {
      cwd: autoloadDir,
      onlyFiles: true,
      expandDirectories: false,
    });
    names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    files.push(...names.map((name) => join(autoloadDir, name)));
  }
  return files;
}
