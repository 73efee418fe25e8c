import { resolve } from 'node:path';
import { APPLICATION_SERVICE, type Application } from '@framework/application';
import { PostHandler } from '#App/Handler/PostHandler';
import { createContainer } from '../config/container';

/** The project root: where config/ and data/ live (dist/ when running the built output). */
export const projectRoot = resolve(__dirname, '..');

/** Builds the application from configuration, then adds a route in code (the hybrid mode). */
export async function createApp(): Promise<Application> {
  const container = await createContainer(projectRoot);
  const app = container.get<Application>(APPLICATION_SERVICE);
  app.post('/post', new PostHandler());
  return app;
}

if (require.main === module) {
  process.chdir(projectRoot);
  createApp()
    .then((app) => app.run())
    .then((server) => {
      const address = server.address();
      if (address !== null && typeof address === 'object') {
        console.log(`Listening on http://${address.address}:${address.port}`);
      }
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
