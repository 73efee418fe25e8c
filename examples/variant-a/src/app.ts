import {
  type Application,
  APPLICATION_SERVICE,
  configureContainer,
  SimpleContainer,
} from '@framework/application';
import { config } from './config';

/** Configuration-driven assembly (spec 4.9): the container builds the application from `config`. */
export function createApp(): Application {
  const container = configureContainer(new SimpleContainer(), config);
  return container.get<Application>(APPLICATION_SERVICE);
}
