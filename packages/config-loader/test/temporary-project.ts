import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const created: string[] = [];

/** Creates a project folder under the system temp folder holding `files` (path -> content). */
export function temporaryProject(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'framework-config-'));
  created.push(root);
  writeFiles(root, files);
  return root;
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** Removes every project made by `temporaryProject`; call it in `afterEach`. */
export function removeTemporaryProjects(): void {
  for (const root of created.splice(0)) rmSync(root, { recursive: true, force: true });
}
