import { invalidOption } from '../errors';
import { checkOptions } from '../shared/check-options';

/**
 * Each header `securityHeaders()` sets: a string replaces the default value, `false` leaves the
 * header out. Defaults are helmet's, except that the policy leaves out `upgrade-insecure-requests`
 * (a page served over plain HTTP, on a LAN address for instance, would load none of its scripts).
 */
export interface SecurityHeadersOptions {
  /**
   * `Content-Security-Policy` (default: helmet's policy without `upgrade-insecure-requests`:
   * same-origin scripts, and same-origin `fetch()` through `default-src`; it governs pages this
   * application serves, not the pages of other origins that call its API).
   */
  readonly contentSecurityPolicy?: string | false;
  /** `Cross-Origin-Embedder-Policy` (default: not set, like helmet; `'require-corp'` to turn it on). */
  readonly crossOriginEmbedderPolicy?: string | false;
  /** `Cross-Origin-Opener-Policy` (default `same-origin`). */
  readonly crossOriginOpenerPolicy?: string | false;
  /** `Cross-Origin-Resource-Policy` (default `same-origin`). */
  readonly crossOriginResourcePolicy?: string | false;
  /** `Origin-Agent-Cluster` (default `?1`). */
  readonly originAgentCluster?: string | false;
  /** `Referrer-Policy` (default `no-referrer`). */
  readonly referrerPolicy?: string | false;
  /** `Strict-Transport-Security` (default one year, sub-domains included). */
  readonly strictTransportSecurity?: string | false;
  /** `X-Content-Type-Options` (default `nosniff`). */
  readonly xContentTypeOptions?: string | false;
  /** `X-DNS-Prefetch-Control` (default `off`). */
  readonly xDnsPrefetchControl?: string | false;
  /** `X-Download-Options` (default `noopen`). */
  readonly xDownloadOptions?: string | false;
  /** `X-Frame-Options` (default `SAMEORIGIN`). */
  readonly xFrameOptions?: string | false;
  /** `X-Permitted-Cross-Domain-Policies` (default `none`). */
  readonly xPermittedCrossDomainPolicies?: string | false;
  /** `X-XSS-Protection` (default `0`: the old filter did more harm than good). */
  readonly xXssProtection?: string | false;
}

const DEFAULTS: Record<keyof SecurityHeadersOptions, [header: string, value: string | false]> = {
  contentSecurityPolicy: [
    'content-security-policy',
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
      "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';" +
      "style-src 'self' https: 'unsafe-inline'",
  ],
  crossOriginEmbedderPolicy: ['cross-origin-embedder-policy', false],
  crossOriginOpenerPolicy: ['cross-origin-opener-policy', 'same-origin'],
  crossOriginResourcePolicy: ['cross-origin-resource-policy', 'same-origin'],
  originAgentCluster: ['origin-agent-cluster', '?1'],
  referrerPolicy: ['referrer-policy', 'no-referrer'],
  strictTransportSecurity: ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  xContentTypeOptions: ['x-content-type-options', 'nosniff'],
  xDnsPrefetchControl: ['x-dns-prefetch-control', 'off'],
  xDownloadOptions: ['x-download-options', 'noopen'],
  xFrameOptions: ['x-frame-options', 'SAMEORIGIN'],
  xPermittedCrossDomainPolicies: ['x-permitted-cross-domain-policies', 'none'],
  xXssProtection: ['x-xss-protection', '0'],
};

/** The header names and values to set, in a flat `[name, value, name, value, …]` list. */
export function securityHeaderList(options?: SecurityHeadersOptions): readonly string[] {
  const keys = Object.keys(DEFAULTS) as (keyof SecurityHeadersOptions)[];
  const own = checkOptions('securityHeaders', options, keys);
  const list: string[] = [];
  for (const key of keys) {
    const [header, fallback] = DEFAULTS[key];
    const value = own[key] === undefined ? fallback : own[key];
    if (value === false) continue;
    if (typeof value !== 'string' || value === '' || /[\r\n\0]/.test(value)) {
      throw invalidOption('securityHeaders', key, 'must be a non-empty header value on one line, or false.');
    }
    list.push(header, value);
  }
  return list;
}
