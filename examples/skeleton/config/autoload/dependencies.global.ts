import { resolve } from 'node:path';
import { APPLICATION_SERVICE, ApplicationFactory } from '@framework/application';
import { serveStatic } from '@framework/middleware';
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
    },
  },
};
