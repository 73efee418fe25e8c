import cluster from 'node:cluster';
import { ApplicationError } from '@framework/application';

/** Node options that run code given on the command line or typed in, not a script. */
const INLINE_CODE_FLAGS = new Set(['-e', '--eval', '-p', '--print', '-i', '--interactive']);

/**
 * Refuses to start a cluster when there is no script for the workers to run: node:cluster forks
 * workers by running the primary's script again (`process.argv[1]`, or the `exec` of
 * `cluster.setupPrimary()`), and `node -e`, `node -p`, a REPL or code piped to `node` have none.
 * Without this check the fork fails with a bare `ERR_INVALID_ARG_TYPE`, or runs a command-line
 * argument as if it were the script.
 */
export function checkWorkerScript(workers: number): void {
  const exec = (cluster.settings as { exec?: string }).exec;
  if (exec !== undefined) return;
  const script = process.argv[1];
  const inline = process.execArgv.some((flag) => INLINE_CODE_FLAGS.has(flag.split('=')[0] as string));
  if (script !== undefined && script !== '-' && !inline) return;
  throw new ApplicationError(
    'FRAMEWORK_ERR_APP_INVALID_OPTION',
    `run({ workers: ${workers} }) forks workers that run this process's script again, and this process ` +
      `has none (started with node -e, node -p, a REPL or code on standard input). Put the code in a ` +
      `file and start it with node (node server.js), or serve in this process with workers: 1.`,
  );
}
