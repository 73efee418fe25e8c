import { CONTAINERS, NAMESPACE_PATTERN, ROUTERS } from './choices';
import type { CreateOptions, PartialOptions } from './options';
import type { Progress } from './install';

export const DEFAULTS = {
  directory: 'framework-app',
  router: 'fmw',
  container: 'typedi',
  namespace: 'App',
} as const;

/** Fills the answers not given as flags: asks on a terminal, takes defaults with `--yes` or without one. */
export async function completeOptions(given: PartialOptions, interactive: boolean): Promise<CreateOptions> {
  const complete = (answers: Partial<CreateOptions>): CreateOptions => ({
    directory: given.directory ?? answers.directory ?? DEFAULTS.directory,
    router: given.router ?? answers.router ?? DEFAULTS.router,
    container: given.container ?? answers.container ?? DEFAULTS.container,
    namespace: given.namespace ?? answers.namespace ?? DEFAULTS.namespace,
    install: given.install ?? true,
    packagesFrom: given.packagesFrom,
  });
  if (given.yes || !interactive) return complete({});

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
    answer<string>(
      await prompts.select({
        message: 'Which container?',
        options: Object.keys(CONTAINERS).map((value) => ({ value, label: CONTAINERS[value]!.label })),
      }),
    );
  const namespace =
    given.namespace ??
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
  return complete({ directory, router, container, namespace });
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
