import type {
  AnyResponse,
  MaybePromise,
  RequestHandler,
  ServerMiddleware,
  ServerRequest,
} from '@framework/application';
import { editHeaders } from '../shared/edit-headers';
import { type SecurityHeadersOptions, securityHeaderList } from './security-headers-options';

/**
 * Sets helmet's default security headers on every answer (the policy without
 * `upgrade-insecure-requests`, so pages also work over plain HTTP); a
 * header the handler set itself is kept, so one route can loosen or tighten a policy.
 */
export class SecurityHeadersMiddleware implements ServerMiddleware {
  private readonly list: readonly string[];

  constructor(options?: SecurityHeadersOptions) {
    this.list = securityHeaderList(options);
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    const response = handler.handle(request);
    return response instanceof Promise ? response.then((r) => this.decorate(r)) : this.decorate(response);
  }

  private decorate(response: AnyResponse): AnyResponse {
    const list = this.list;
    return editHeaders(response, (headers) => {
      for (let i = 0; i < list.length; i += 2) {
        const name = list[i] as string;
        if (!headers.has(name)) headers.set(name, list[i + 1] as string);
      }
    });
  }
}

/**
 * Security headers middleware; see `SecurityHeadersMiddleware`.
 *
 * @example
 * app.pipe(securityHeaders({ contentSecurityPolicy: "default-src 'self'", strictTransportSecurity: false }));
 */
export function securityHeaders(options?: SecurityHeadersOptions): SecurityHeadersMiddleware {
  return new SecurityHeadersMiddleware(options);
}
