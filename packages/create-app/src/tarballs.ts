import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Maps package names to the `npm pack` tarballs in a folder (`framework-router-fmw-0.1.0.tgz` is
 * `@framework/router-fmw`), so a project can be installed from a local build instead of the registry.
 */
export function resolveTarballs(folder: string): Map<string, string> {
  const tarballs = new Map<string, string>();
  for (const file of readdirSync(resolve(folder))) {
    const match = /^framework-(.+)-\d+\.\d+\.\d+(?:-[\w.]+)?\.tgz$/.exec(file);
    if (match) tarballs.set(`@framework/${match[1]}`, join(resolve(folder), file));
  }
  if (tarballs.size === 0)
    throw new Error(`No @framework/* tarballs (framework-*.tgz) found in ${resolve(folder)}.`);
  return tarballs;
}
