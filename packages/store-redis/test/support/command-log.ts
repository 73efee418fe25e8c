import { Redis } from 'ioredis';

/**
 * Every command a Redis server ran, as MONITOR reports it: the name in lower case, then its arguments;
 * what each client sends when it connects is left out.
 */
export interface CommandLog {
  readonly commands: ReadonlyArray<readonly string[]>;
  /** Waits until every command sent before this call is in `commands` (a marker is echoed through). */
  settle(): Promise<void>;
  /** Forgets the commands seen so far. */
  clear(): void;
  stop(): Promise<void>;
}

const HANDSHAKE = new Set(['hello', 'info', 'client', 'select']);

/** Starts recording what the server at `url` runs, from every client. */
export async function logCommands(url: string): Promise<CommandLog> {
  const commands: string[][] = [];
  const base = new Redis(url);
  const monitor = await base.monitor();
  const sender = new Redis(url);
  let markers = 0;
  const waiting = new Map<string, () => void>();
  monitor.on('monitor', (_time: string, args: string[]) => {
    const [name = '', ...rest] = args;
    const marker = name.toLowerCase() === 'echo' ? waiting.get(rest[0] ?? '') : undefined;
    if (marker !== undefined) marker();
    else if (!HANDSHAKE.has(name.toLowerCase())) commands.push([name.toLowerCase(), ...rest]);
  });
  return {
    commands,
    settle: () => {
      const marker = `command-log-marker-${markers++}`;
      const seen = new Promise<void>((resolve) => waiting.set(marker, resolve));
      return sender.echo(marker).then(() => seen);
    },
    clear: () => {
      commands.length = 0;
    },
    stop: async () => {
      monitor.disconnect();
      base.disconnect();
      await sender.quit();
    },
  };
}
