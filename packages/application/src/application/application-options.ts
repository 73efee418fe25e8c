import type { Container } from '../container/container';
import { ApplicationError } from '../errors/application-error';
import type { ServerRequest } from '../http/server-request';
import { DEFAULT_BODY_LIMIT } from '../http/read-body';
import { CONFIG_SERVICE } from '../container/service-ids';
import { compileTrustProxy, type ProxyTrust, type TrustProxy } from '../http/trust-proxy';
import type { MiddlewareVariant } from '../resolver/middleware-variant';
import { checkOptionKeys, optionKeys } from './option-keys';

/** Options of `new Application(router, options)`. */
export interface ApplicationOptions {
  /** Container for service-name middleware and classes, and `config` (optional). */
  readonly container?: Container;
  /**
   * The middleware forms accepted beyond request + handler: `variantA` (double-pass and error
   * middleware, what `AppFactory.create` passes) or `variantB` (the default here: Variant A forms are
   * refused with an error saying so, and their code stays out of a bundle).
   */
  readonly variant?: MiddlewareVariant;
  /**
   * Development mode: error answers carry messages and stack traces. Default: true when the `config`
   * service says `debug: true` or `NODE_ENV` is `development`.
   */
  readonly development?: boolean;
  /** Largest request body the body readers accept, in bytes (default 1 MiB; larger is 413). */
  readonly bodyLimit?: number;
  /**
   * Called with each error answered with a 5xx status (default: `console.error`). 4xx errors, client
   * aborts (`FRAMEWORK_ERR_REQUEST_ABORTED`) among them, are never passed: they are the client's.
   */
  readonly onError?: (error: unknown, request: ServerRequest) => void;
  /**
   * Which proxies may say who the client is, for `request.clientAddress` (default `false`: none; the
   * socket's peer is the client): a number of proxies in front of the server, or a list of their
   * addresses and CIDR ranges (`['10.0.0.0/8', '::1']`).
   */
  readonly trustProxy?: TrustProxy;
  /**
   * Check the setup (`app.check()`: middleware service names the container lacks, routes without
   * routing or dispatch) when `run()` starts, refusing to listen on an error and logging warnings, and
   * in development mode log the findings as warnings at the first request (default true). `false`
   * silences both; an explicit `app.check()` still checks. Requests are never answered by a check.
   */
  readonly startupChecks?: boolean;
  /**
   * Route requests no routing middleware was piped for (default true): an application with routes and
   * neither routing nor dispatch middleware piped runs both at the end of its pipe (see "Routing by
   * default" in the README). `false` keeps the pipeline exactly as piped; `ApplicationFactory` passes
   * `false` when the config declares a `middleware_pipeline`.
   */
  readonly implicitRouting?: boolean;
}

/** Options checked and defaulted once. */
export interface ResolvedOptions {
  readonly development: boolean;
  readonly bodyLimit: number;
  readonly onError: ((error: unknown, request: ServerRequest) => void) | undefined;
  readonly trustProxy: TrustProxy;
  /** `trustProxy` compiled (a bad shape throws here rather than on the first request). */
  readonly proxyTrust: ProxyTrust | undefined;
  readonly startupChecks: boolean;
  readonly implicitRouting: boolean;
}

/** The keys of `ApplicationOptions`, checked at run time. */
export const APPLICATION_OPTION_KEYS = optionKeys<ApplicationOptions>({
  container: true,
  variant: true,
  development: true,
  bodyLimit: true,
  onError: true,
  trustProxy: true,
  startupChecks: true,
  implicitRouting: true,
});

export function resolveOptions(options: ApplicationOptions): ResolvedOptions {
  checkOptionKeys('the application', options, APPLICATION_OPTION_KEYS);
  const { bodyLimit = DEFAULT_BODY_LIMIT } = options;
  if (!Number.isInteger(bodyLimit) || bodyLimit < 0) {
    throw new ApplicationError(
      'FRAMEWORK_ERR_APP_INVALID_OPTION',
      `Option bodyLimit must be a whole number of bytes, got ${String(bodyLimit)}.`,
    );
  }
  return {
    development: options.development ?? developmentFromEnvironment(options.container),
    bodyLimit,
    onError: options.onError,
    trustProxy: options.trustProxy ?? false,
    proxyTrust: compileTrustProxy(options.trustProxy),
    startupChecks: options.startupChecks !== false,
    implicitRouting: options.implicitRouting !== false,
  };
}

function developmentFromEnvironment(container: Container | undefined): boolean {
  if (nodeEnvironment() === 'development') return true;
  if (container === undefined || !container.has(CONFIG_SERVICE)) return false;
  const config = container.get<unknown>(CONFIG_SERVICE);
  return config !== null && typeof config === 'object' && (config as { debug?: unknown }).debug === true;
}

/** `NODE_ENV` where there is a `process` (Node, Bun, Deno); undefined on runtimes without one. */
function nodeEnvironment(): string | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.NODE_ENV;
}
