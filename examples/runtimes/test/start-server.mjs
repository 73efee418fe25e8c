import { spawn } from 'node:child_process';

const START_TIMEOUT = 30_000;
const STOP_TIMEOUT = 5_000;

/**
 * Starts a server process and resolves to its origin once it prints `listening on <origin>`, and a
 * `stop()` that ends it (SIGTERM, then SIGKILL). A process that exits or stays silent fails with its
 * output.
 */
export function startServer(command, args, cwd) {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const stop = () => stopProcess(child);
  return new Promise((resolve, reject) => {
    const fail = (reason) => {
      clearTimeout(timer);
      void stop();
      reject(new Error(`${command} ${args.join(' ')} ${reason}; its output:\n${output}`));
    };
    const timer = setTimeout(
      () => fail(`printed no "listening on" line in ${START_TIMEOUT} ms`),
      START_TIMEOUT,
    );
    child.on('error', (error) => fail(`could not start (${error.message})`));
    child.on('exit', (code, signal) => fail(`exited (${signal ?? code}) before listening`));
    child.stderr.on('data', (chunk) => (output += chunk));
    let listening = false;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (listening) return;
      const origin = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (origin === undefined) return;
      // Once only: later output (the server's own stop line) must not remove stop()'s exit listener.
      listening = true;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ origin, stop });
    });
  });
}

function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
