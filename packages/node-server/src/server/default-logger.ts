import type { Logger } from '@framework/application';
import { consoleLogger } from '@framework/application/server-kit';

/**
 * What `run()` logs to without a `logger`: warnings and errors on stderr, and its start and stop lines
 * on stdout, so that a server started by hand says where it listens. Under a test runner
 * (`NODE_ENV=test`, which Jest sets) the two lines stay quiet.
 */
export function serverLogger(given: Logger | undefined): Logger {
  if (given !== undefined) return given;
  if (process.env.NODE_ENV === 'test') return consoleLogger;
  return { ...consoleLogger, info: (_fields, message) => console.log(`[framework] ${message ?? ''}`) };
}
