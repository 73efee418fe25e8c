import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = join(__dirname, '..', '..', 'BENCHMARKS.md');

/**
 * Replaces (or appends) the text of one `## heading` section of BENCHMARKS.md up to its first `###`
 * subsection, leaving the subsections (earlier runs and their analysis) and the other sections alone.
 */
export function writeBenchmarkSection(heading: string, body: string): void {
  const text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmarks\n';
  const stamp = `_Measured ${new Date().toISOString().slice(0, 10)} on ${process.version}._`;
  const section = `## ${heading}\n\n${stamp}\n\n${body.trim()}\n`;
  const pattern = new RegExp(`## ${heading}\\n[\\s\\S]*?(?=\\n##+ |$)`);
  const next = pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}`;
  writeFileSync(FILE, next.endsWith('\n') ? next : `${next}\n`);
}
