import { ApplicationError } from '../errors/application-error';

/** An error about one `middleware_pipeline` entry (`FRAMEWORK_ERR_CONFIG_INVALID_PIPELINE`). */
export function invalidPipeline(message: string, cause?: unknown): ApplicationError {
  return new ApplicationError('FRAMEWORK_ERR_CONFIG_INVALID_PIPELINE', message, { cause });
}

/** An error about one `routes` entry (`FRAMEWORK_ERR_CONFIG_INVALID_ROUTE`). */
export function invalidRoute(message: string, cause?: unknown): ApplicationError {
  return new ApplicationError('FRAMEWORK_ERR_CONFIG_INVALID_ROUTE', message, { cause });
}

/** An error about the `config` service itself (`FRAMEWORK_ERR_CONFIG_INVALID_APPLICATION`). */
export function invalidApplicationConfig(message: string): ApplicationError {
  return new ApplicationError('FRAMEWORK_ERR_CONFIG_INVALID_APPLICATION', message);
}
