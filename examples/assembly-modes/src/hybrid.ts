import type { Application } from '@framework/application';
import type { LoadConfigOptions } from '@framework/config-loader';
import { createConfiguredApp } from './configuration-driven';
import { PostHandler } from './handlers';

/**
 * Hybrid (spec 4.9): the configuration-driven application, plus routes added in code between fetching
 * the application and `run()`.
 *
 * @example
 * await (await createHybridApp(process.cwd())).run();
 */
export async function createHybridApp(
  projectRoot: string,
  options?: LoadConfigOptions,
): Promise<Application> {
  const app = await createConfiguredApp(projectRoot, options);
  app.post('/post', new PostHandler());
  return app;
}
