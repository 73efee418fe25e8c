import { ApplicationError } from '../errors/application-error';
import type { Logger } from '../logging/logger';
import type { RequestHandler } from '../pipeline/types';

/**
 * What `app.run()` needs of a server: a listening server's `listening` (for `app.shuttingDown`) and
 * `close()`. Node's `http.Server` is one.
 */
export interface RunningServer {
  readonly listening: boolean;
  /** Stops accepting, lets in-flight requests finish, then calls `callback`. */
  close(callback?: (error?: Error) => void): unknown;
}

/** Options every server takes; a server package documents the rest (TLS, workers, timeouts, ...). */
export interface ServeOptions {
  /** Address to listen on. */
  readonly host?: string;
  /** Port to listen on. */
  readonly port?: number;
  readonly [option: string]: unknown;
}

/** What a server needs of an application: `Application` is one. */
export interface ServedApplication extends RequestHandler {
  /** Checks the setup before listening; throws on an error (see `Application.checkBeforeRun`). */
  checkBeforeRun(logger?: Logger, options?: { readonly warnings?: boolean }): void;
  /** Hands over the listening server, for `shuttingDown`. */
  servedBy(server: RunningServer): void;
}

/**
 * A server package's runner: serves the application, resolving to its listening server (or undefined
 * in a process that serves through others, such as a cluster primary).
 */
export type ServerRunner = (
  application: ServedApplication,
  options: ServeOptions,
) => Promise<RunningServer | undefined>;

/** The package `app.run()` falls back to. */
export const NODE_SERVER_PACKAGE = '@framework/node-server';

let registered: ServerRunner | undefined;

/**
 * Makes `runner` the server of `app.run()` in this program: what a server package's entry does when it
 * is imported (`import '@framework/node-server'`). The last registration wins.
 */
export function registerServer(runner: ServerRunner): void {
  if (typeof runner !== 'function') {
    throw new TypeError(`registerServer(runner) needs a function, got ${typeof runner}.`);
  }
  registered = runner;
}

/**
 * The registered runner; without one, imports `@framework/node-server` (whose entry registers itself)
 * by a computed name, so a bundler never pulls the Node server into a bundle for another runtime.
 */
export async function serverRunner(): Promise<ServerRunner> {
  if (registered !== undefined) return registered;
  let cause: unknown;
  try {
    await importByName(NODE_SERVER_PACKAGE);
  } catch (error) {
    cause = error;
  }
  if (registered !== undefined) return registered;
  throw new ApplicationError(
    'FRAMEWORK_ERR_APP_NO_SERVER',
    `app.run() found no server: install ${NODE_SERVER_PACKAGE} (npm install ${NODE_SERVER_PACKAGE}) to serve ` +
      `on Node. A bundled application must import it itself (import '${NODE_SERVER_PACKAGE}';) or call its ` +
      `run(app, options); on fetch runtimes, export the application's fetch instead.`,
    { cause },
  );
}

/** Imports a module by a name bundlers cannot see, so they leave the import to run time. */
function importByName(name: string): Promise<unknown> {
  return import(/* webpackIgnore: true */ name);
}
