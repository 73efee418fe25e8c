import type { ServerRequest } from '@framework/application';
import { invalidOption } from '../errors';

/**
 * Which origins may read responses: `'*'` (any, without credentials), one origin, a list, or a
 * function that decides (it may be async).
 */
export type CorsOrigin =
  '*' | string | readonly string[] | ((origin: string, request: ServerRequest) => boolean | Promise<boolean>);

/** Options of `cors()`. */
export interface CorsOptions {
  /** Allowed origins (default `'*'`). The origin `null` is refused unless listed. */
  readonly origin?: CorsOrigin;
  /** Methods a preflight allows (default GET, HEAD, PUT, POST, PATCH, DELETE). */
  readonly methods?: readonly string[];
  /** Request headers a preflight allows; by default the headers the preflight asks for (tokens only). */
  readonly allowHeaders?: readonly string[];
  /** Response headers the browser may expose to the page (default none). */
  readonly exposeHeaders?: readonly string[];
  /** Send `Access-Control-Allow-Credentials: true` (default false); needs an origin other than `'*'`. */
  readonly credentials?: boolean;
  /** How long (seconds) a browser may cache a preflight answer (`Access-Control-Max-Age`). */
  readonly maxAge?: number;
}

/** The options, checked and turned into ready header values once. */
export interface CorsSettings {
  readonly anyOrigin: boolean;
  readonly isAllowed: (origin: string, request: ServerRequest) => boolean | Promise<boolean>;
  readonly methods: string;
  readonly allowHeaders: string | undefined;
  readonly exposeHeaders: string | undefined;
  readonly credentials: boolean;
  readonly maxAge: string | undefined;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const DEFAULT_METHODS = ['GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE'];

export function corsSettings(options: CorsOptions = {}): CorsSettings {
  const origin = options.origin ?? '*';
  const anyOrigin = origin === '*';
  const credentials = options.credentials === true;
  if (anyOrigin && credentials) {
    throw invalidOption(
      'cors',
      'origin',
      "is '*' while credentials is true; browsers refuse that, list the allowed origins instead.",
    );
  }
  return {
    anyOrigin,
    isAllowed: originCheck(origin),
    methods: tokenList('methods', options.methods ?? DEFAULT_METHODS).toUpperCase(),
    allowHeaders: options.allowHeaders && tokenList('allowHeaders', options.allowHeaders),
    exposeHeaders: options.exposeHeaders && tokenList('exposeHeaders', options.exposeHeaders),
    credentials,
    maxAge: options.maxAge === undefined ? undefined : maxAgeOf(options.maxAge),
  };
}

function originCheck(origin: CorsOrigin): CorsSettings['isAllowed'] {
  if (typeof origin === 'function') return origin;
  if (origin === '*') return () => true;
  const allowed = new Set(typeof origin === 'string' ? [origin] : origin);
  for (const entry of allowed) {
    if (entry === '*' || /[\s,]/.test(entry)) {
      throw invalidOption(
        'cors',
        'origin',
        `holds ${JSON.stringify(entry)}; list full origins such as 'https://example.com'.`,
      );
    }
  }
  return (candidate) => allowed.has(candidate);
}

function tokenList(option: string, values: readonly string[]): string {
  for (const value of values) {
    if (!TOKEN.test(value))
      throw invalidOption('cors', option, `holds ${JSON.stringify(value)}, which is not an HTTP token.`);
  }
  return values.join(', ');
}

function maxAgeOf(seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < 0) {
    throw invalidOption('cors', 'maxAge', `must be a whole number of seconds, got ${String(seconds)}.`);
  }
  return String(seconds);
}
