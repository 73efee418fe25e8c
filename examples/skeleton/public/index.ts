import { resolve } from 'node:path';
import { pino } from 'pino';
import { APPLICATION_SERVICE, type Application, type Logger, readiness } from '@framework/application';
import { run } from '@framework/node-server';
import { PostHandler } from '#App/Handler/PostHandler';
import { LOGGER_SERVICE } from '../config/autoload/dependencies.global';
import { createContainer } from '../config/container';

/** The project root: where config/ and data/ live (dist/ when running the built output). */
export const projectRoot = resolve(__dirname, '..');

/**
 * Builds the application from configuration, then adds routes in code (the hybrid mode): POST /post,
 * and GET /health/ready, which answers 503 while the server shuts down so a load balancer drains it.
 * With `logger`, every request gets an id and a log line.
 */
export async function createApp(options: { readonly logger?: Logger } = {}): Promise<Application> {
  const container = await createContainer(projectRoot);
  if (options.logger !== undefined) container.setService(LOGGER_SERVICE, options.logger);
  const app = container.get<Application>(APPLICATION_SERVICE);
  app.post('/post', new PostHandler());
  app.get('/health/ready', readiness(app));
  return app;
}

/** `WEB_CONCURRENCY` worker processes (a number or `auto`); one process when unset. */
function workersFromEnvironment(): number | 'auto' {
  const value = process.env.WEB_CONCURRENCY;
  return value === undefined || value === '' ? 1 : value === 'auto' ? 'auto' : Number(value);
}

if (require.main === module) {
  process.chdir(projectRoot);
  // JSON lines on stdout, one per request; pipe them through `npx pino-pretty` to read them.
  const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
  // run() logs where it listens, and how the shutdown went.
  createApp({ logger })
    .then((app) => run(app, { logger, workers: workersFromEnvironment() }))
    .catch((error: unknown) => {
      logger.error(error);
      process.exit(1);
    });
}
