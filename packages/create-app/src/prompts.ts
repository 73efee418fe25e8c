import { CONTAINERS, NAMESPACE_PATTERN, ROUTERS, STYLES } from './choices';
import { checkStyleFlags, type CreateOptions, type PartialOptions } from './options';
import type { Progress } from './install';

export const DEFAULTS = {
  directory: 'framework-app',
  style: 'code-first',
  router: 'fmw',
  container: 'typedi',
  namespace: 'App',
} as const;

/** Fills the answers not given as flags: asks on a terminal, takes defaults with `--yes` or without one. */
export async function completeOptions(given: PartialOptions, interactive: boolean): Promise<CreateOptions> {
  const complete = (answers: Partial<CreateOptions>): CreateOptions => ({
    directory: given.directory ?? answers.directory ?? DEFAULTS.directory,
    style: given.style ?? answers.style ?? DEFAULTS.style,
    router: given.router ?? answers.router ?? DEFAULTS.router,
    container: given.container ?? answers.container ?? DEFAULTS.container,
    namespace: given.namespace ?? answers.namespace ?? DEFAULTS.namespace,
    install: given.install ?? true,
    packagesFrom: given.packagesFrom,
  });
  if (given.yes || !interactive) {
    checkStyleFlags(given.style ?? impliedStyle(given) ?? DEFAULTS.style, given);
    return complete({ style: impliedStyle(given) });
  }

  const prompts = await import('@clack/prompts');
  const answer = <T>(value: T | symbol): T => {
    if (prompts.isCancel(value)) {
      prompts.cancel('Cancelled; nothing was written.');
      process.exit(1);
    }
    return value as T;
  };
  prompts.intro('create-framework-app');
  const directory =
    given.directory ??
    answer<string>(
      await prompts.text({
        message: 'Where should the project go?',
        placeholder: DEFAULTS.directory,
        defaultValue: DEFAULTS.directory,
      }),
    );
  const style =
    given.style ??
    impliedStyle(given) ??
    answer<string>(
      await prompts.select({
        message: 'Which layout?',
        options: Object.keys(STYLES).map((value) => ({ value, label: STYLES[value]!.label })),
      }),
    );
  checkStyleFlags(style, given);
  const configured = STYLES[style]!.configured;
  const router =
    given.router ??
    answer<string>(
      await prompts.select({
        message: 'Which router adapter?',
        options: Object.keys(ROUTERS).map((value) => ({ value, label: ROUTERS[value]!.label })),
      }),
    );
  const container =
    given.container ??
    (!configured ? DEFAULTS.container : undefined) ??
    answer<string>(
      await prompts.select({
        message: 'Which container?',
        options: Object.keys(CONTAINERS).map((value) => ({ value, label: CONTAINERS[value]!.label })),
      }),
    );
  const namespace =
    given.namespace ??
    (!configured ? DEFAULTS.namespace : undefined) ??
    answer<string>(
      await prompts.text({
        message: 'Your own namespace under src/?',
        placeholder: DEFAULTS.namespace,
        defaultValue: DEFAULTS.namespace,
        validate: (value) =>
          !value || NAMESPACE_PATTERN.test(value)
            ? undefined
            : 'Letters and digits, starting with a capital.',
      }),
    );
  return complete({ directory, style, router, container, namespace });
}

/** `config` when a flag only that layout has is given without `--style`: the command lines of old hold. */
function impliedStyle(given: PartialOptions): string | undefined {
  if (given.style !== undefined) return undefined;
  return given.container !== undefined || given.namespace !== undefined ? 'config' : undefined;
}

/** A spinner on a terminal; plain progress lines in logs and CI. */
export async function createProgress(interactive: boolean): Promise<Progress> {
  if (interactive) {
    const { spinner } = await import('@clack/prompts');
    return spinner();
  }
  return {
    start: (message) => process.stdout.write(`${message}...\n`),
    stop: (message) => process.stdout.write(`${message}.\n`),
  };
}
