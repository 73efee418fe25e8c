/** How to start npm: the program, its arguments, and whether it needs a shell. */
export interface NpmCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly shell: boolean;
}

/** Arguments cmd.exe passes through unchanged: no spaces, quotes, `%`, `^`, `&`, `|`, `<`, `>`. */
const CMD_SAFE_ARGUMENT = /^[\w.:/=@-]+$/;

/**
 * The command that runs `npm <args>` on this machine, without a shell where one is not needed.
 *
 * Under `npm create` / `npx`, npm names its own entry script in `npm_execpath`: that script runs with
 * the current Node on every platform. Otherwise `npm` on POSIX; on Windows `npm.cmd`, which recent
 * Node only starts through a shell, so every argument must be one cmd.exe cannot misread.
 *
 * @example
 * const { command, args, shell } = npmCommand(['install', '--no-audit']);
 * spawn(command, args, { shell });
 */
export function npmCommand(
  args: readonly string[],
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  nodePath: string = process.execPath,
): NpmCommand {
  const npmCli = env.npm_execpath;
  if (npmCli !== undefined && /[\\/]npm-cli\.c?js$/.test(npmCli)) {
    return { command: nodePath, args: [npmCli, ...args], shell: false };
  }
  if (platform !== 'win32') return { command: 'npm', args, shell: false };
  const unsafe = args.find((arg) => !CMD_SAFE_ARGUMENT.test(arg));
  if (unsafe !== undefined) {
    throw new Error(`Cannot pass ${JSON.stringify(unsafe)} to npm.cmd through cmd.exe safely.`);
  }
  return { command: 'npm.cmd', args, shell: true };
}
