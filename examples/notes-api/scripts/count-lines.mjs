// Counts the non-blank lines that are not comments in the TypeScript files under a folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function countCodeLines(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    let inBlockComment = false;
    for (const raw of readFileSync(join(entry.parentPath, entry.name), 'utf8').split('\n')) {
      const line = raw.trim();
      if (inBlockComment) {
        inBlockComment = !line.includes('*/');
        continue;
      }
      if (line.startsWith('/*')) {
        inBlockComment = !line.includes('*/');
        continue;
      }
      if (line !== '' && !line.startsWith('//')) count += 1;
    }
  }
  return count;
}

if (process.argv[2] !== undefined) console.log(countCodeLines(process.argv[2]));
