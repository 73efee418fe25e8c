import { relative, sep } from 'node:path';

/** The path shown in error messages: relative to the project root, with `/` separators. */
export function displayPath(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}
