#!/usr/bin/env node
import { relative } from 'node:path';
import { installDependencies } from './install';
import { parseOptions, USAGE, UsageError } from './options';
import { completeOptions, createProgress } from './prompts';
import { scaffold, TargetNotEmptyError } from './scaffold';
import { shellQuote } from './shell-quote';

async function main(argv: readonly string[]): Promise<number> {
  const given = parseOptions(argv);
  if (given.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  const options = await completeOptions(given, interactive);
  const target = scaffold(options);
  const choices =
    options.style === 'config'
      ? `config, router: ${options.router}, container: ${options.container}`
      : `${options.style}, router: ${options.router}`;
  process.stdout.write(`Created ${target} (${choices}).\n`);
  if (options.install) await installDependencies(target, await createProgress(interactive));
  const cd = shellQuote(relative(process.cwd(), target) || '.');
  process.stdout.write(
    `\nNext:\n  cd ${cd}${options.install ? '' : ' && npm install'}\n  npm run serve   # http://localhost:8080\n  npm test\n`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof UsageError || error instanceof TargetNotEmptyError;
    process.stderr.write(`create-framework-app: ${(error as Error).message}\n`);
    if (error instanceof UsageError) process.stderr.write(`\n${USAGE}\n`);
    process.exit(known ? 2 : 1);
  },
);
