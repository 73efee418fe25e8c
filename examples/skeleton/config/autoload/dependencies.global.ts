import { resolve } from 'node:path';
import { APPLICATION_SERVICE, ApplicationFactory, type Container, type Logger } from '@framework/application';
import { requestId, requestLogger, serveStatic } from '@framework/middleware';
import { ApiFactory } from '#App/Api/ApiFactory';
import { HomePageHandler } from '#App/Handler/HomePageHandler';
import { PingHandler } from '#App/Handler/PingHandler';

/** Static files: public/assets/ only (the build copies it to dist/public/assets/), never public/index.ts. */
const assetsRoot = resolve(__dirname, '..', '..', 'public', 'assets');

/** Services of the container: handlers are built on first use, the application by its factory. */
export const config = {
  dependencies: {
    invokables: {
      'App\\Handler\\HomePageHandler': HomePageHandler,
      'App\\Handler\\PingHandler': PingHandler,
    },
    factories: {
      [APPLICATION_SERVICE]: ApplicationFactory,
      'App\\Api\\Application': ApiFactory,
      'App\\Assets': () => serveStatic(assetsRoot, { maxAge: 3600 }),
      'App\\RequestLogging': requestLogging,
    },
  },
};

/** The logger service `public/index.ts` sets when it serves: JSON lines with pino. */
export const LOGGER_SERVICE = 'App\\Logger';

/**
 * A request id and one log line per request (`reqId`, `method`, `path`, `status`, `durationMs`) when
 * the container has a logger; nothing (an empty pipe) when it has none, as in the tests.
 */
function requestLogging(container: Container): unknown[] {
  if (!container.has(LOGGER_SERVICE)) return [];
  return [requestId(), requestLogger({ logger: container.get<Logger>(LOGGER_SERVICE) })];
}
