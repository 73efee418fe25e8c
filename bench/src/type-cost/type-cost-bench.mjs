// The compile cost of a typed client over a large application: writes a 200-route project for
// @framework (+ @framework/client) and one for Hono (+ hc), runs `tsc --noEmit --extendedDiagnostics`
// on each, and prints check time, instantiations, memory and whether "Type instantiation is
// excessively deep" (TS2589) appears, or tsc itself crashes (its stack overflowing). Usage: node src/type-cost/type-cost-bench.mjs [routes...]
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frameworkProject, honoProject } from './generate-apps.mjs';

const here = dirname(fileURLToPath(import.meta.url));
// Inside node_modules so the projects resolve the workspace's packages, and nothing is left to commit.
const root = join(here, '..', '..', 'node_modules', '.type-cost');
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  files: ['server.ts', 'client.ts'],
};

function compile(name, files) {
  const dir = join(root, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  let output;
  let crash = '';
  try {
    output = execFileSync(process.execPath, [tsc, '-p', dir, '--extendedDiagnostics', '--pretty', 'false'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    output = String(error.stdout);
    crash = String(error.stderr).match(/^\w*Error: .+$/m)?.[0] ?? '';
  }
  const figure = (label) => output.match(new RegExp(`^${label}:\\s+(.+)$`, 'm'))?.[1].trim() ?? '?';
  const errors = [...output.matchAll(/error (TS\d+)/g)].map((match) => match[1]);
  return {
    project: name,
    check: figure('Check time'),
    total: figure('Total time'),
    instantiations: figure('Instantiations'),
    memory: figure('Memory used'),
    errors: errors.length,
    ts2589: errors.filter((code) => code === 'TS2589').length,
    crash,
    firstError: output.split('\n').find((line) => line.includes('error TS')) ?? '',
  };
}

const counts = process.argv.slice(2).map(Number);
for (const count of counts.length > 0 ? counts : [200]) {
  const rows = [
    compile(`framework-${count}`, frameworkProject(count)),
    compile(`hono-${count}`, honoProject(count)),
  ];
  console.log(
    `\n${count} routes, TypeScript ${createRequire(import.meta.url)('typescript/package.json').version}`,
  );
  console.table(rows.map(({ firstError: _shownBelow, ...row }) => row));
  for (const row of rows)
    if (row.firstError !== '') console.log(`${row.project}: ${row.firstError.slice(0, 300)}`);
}
