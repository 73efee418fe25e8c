import {
  type Application,
  APPLICATION_SERVICE,
  configureContainer,
  SimpleContainer,
  TextResponse,
} from '@framework/application';
import { config } from './config';

// public/index.php: build the container from the config, fetch the application from it.
export function createConfiguredApp(): Application {
  const container = configureContainer(new SimpleContainer(), config);
  const app = container.get<Application>(APPLICATION_SERVICE);
  app.post('/post', () => new TextResponse('Posted.')); // the hybrid mode: a route added in code
  return app;
}

// Then, on Node: await createConfiguredApp().run();
