import {
  type Application,
  ErrorHandlerMiddleware,
  type RequestHandler,
  type ServerRequest,
  type TrustProxy,
} from '@framework/application';
import { compileTrustProxy, type ProxyTrust } from '@framework/application/server-kit';

/** Options of `createListener` (an `Application` brings its own `bodyLimit`, `development` and `onError`). */
export interface ListenerOptions {
  readonly bodyLimit?: number;
  readonly development?: boolean;
  /** Called with every error that becomes a 5xx answer (default: `console.error`). */
  readonly onError?: (error: unknown, request: ServerRequest) => void;
  /** Which proxies `request.clientAddress` believes (see the Application option of that name). */
  readonly trustProxy?: TrustProxy;
}

/** What every request of a listener shares: the request options, the compiled trust, the fallback. */
export interface ListenerSetup {
  readonly requestOptions: { readonly bodyLimit?: number; readonly trustProxy?: TrustProxy };
  readonly trust: ProxyTrust | undefined;
  readonly fallback: ErrorHandlerMiddleware;
}

/** Resolves the options of a listener once, an `Application`'s own settings filling the gaps. */
export function setUpListener(handler: RequestHandler, options: ListenerOptions): ListenerSetup {
  const own = handler as Partial<Pick<Application, 'bodyLimit' | 'development' | 'onError' | 'trustProxy'>>;
  const requestOptions = {
    bodyLimit: options.bodyLimit ?? own.bodyLimit,
    trustProxy: options.trustProxy ?? own.trustProxy,
  };
  const trust = compileTrustProxy(requestOptions.trustProxy); // a bad option fails here, not on the first request
  const development = options.development ?? own.development === true;
  const fallback = new ErrorHandlerMiddleware({ development, onError: options.onError ?? own.onError });
  return { requestOptions, trust, fallback };
}
