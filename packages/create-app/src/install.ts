import { spawn } from 'node:child_process';
import { npmCommand } from './npm-command';

/** Reports progress while a long step runs; a spinner on a terminal, plain lines otherwise. */
export interface Progress {
  start(message: string): void;
  stop(message: string): void;
}

/** Runs `npm install` in the project folder; resolves when it succeeds, rejects with npm's output. */
export function installDependencies(directory: string, progress: Progress): Promise<void> {
  progress.start('Installing dependencies with npm');
  return new Promise((resolve, reject) => {
    const { command, args, shell } = npmCommand(['install', '--no-audit', '--no-fund']);
    const child = spawn(command, args, {
      cwd: directory,
      shell,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) {
        progress.stop('Dependencies installed');
        resolve();
      } else {
        progress.stop('npm install failed');
        reject(new Error(`npm install exited with code ${code}:\n${output}`));
      }
    });
  });
}
