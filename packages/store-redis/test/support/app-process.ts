import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';

/** An application process a test started from `test/fixtures/`, and where it listens. */
export interface AppProcess {
  readonly child: ChildProcess;
  readonly origin: string;
}

const started: ChildProcess[] = [];

/** Forks `fixtures/<fixture>` with `env` added, and waits until it reports the port it listens on. */
export function startProcess(fixture: string, env: Record<string, string>): Promise<AppProcess> {
  const child = fork(join(__dirname, '..', 'fixtures', fixture), [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  started.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (message) =>
      resolve({ child, origin: `http://127.0.0.1:${(message as { port: number }).port}` }),
    );
    child.once('exit', (code) => reject(new Error(`the application process exited with ${String(code)}`)));
  });
}

/** Stops every process `startProcess` started: asks each, and kills it by its PID after five seconds. */
export function stopProcesses(): Promise<void> {
  return Promise.all(started.splice(0).map(stopProcess)).then(() => undefined);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send('stop');
    else child.kill('SIGKILL');
  });
}
