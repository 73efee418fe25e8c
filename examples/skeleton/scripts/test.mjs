// Runs every test file under test/ (test/**/*.test.ts) with node's test runner, loading TypeScript
// through tsx. Node 20 does not expand globs in `node --test` arguments, so the files are listed here.
// Extra arguments go to node: `npm test -- --test-name-pattern=ping`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const files = readdirSync('test', { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
  .map((entry) => join(entry.parentPath, entry.name))
  .sort();
if (files.length === 0) {
  console.error('No test files (test/**/*.test.ts) found.');
  process.exit(1);
}
const args = ['--conditions=development', '--import', 'tsx', '--test', ...process.argv.slice(2), ...files];
const { status, signal } = spawnSync(process.execPath, args, { stdio: 'inherit' });
process.exit(status ?? (signal === null ? 1 : 128));
