import type { ServerRequest } from '@framework/application';
import { invalidOption } from '../errors';
import { checkOptions } from '../shared/check-options';

/**
 * Which origins may read responses: `'*'` (any, without credentials), one origin, a list, or a
 * function that decides (it may be async).
 */
export type CorsOrigin =
  '*' | string | readonly string[] | ((origin: string, request: ServerRequest) => boolean | Promise<boolean>);

/** Options of `cors()`. */
export interface CorsOptions {
  /**
   * Allowed origins (default `'*'`). Listed origins must be exact (`https://app.example.com`, no
   * trailing `/`, no pattern). With a list, the origin `null` is refused unless listed; with `'*'` it
   * gets `*` like any other (`*` never allows credentials).
   */
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

const OPTIONS = ['origin', 'methods', 'allowHeaders', 'exposeHeaders', 'credentials', 'maxAge'];

export function corsSettings(given?: CorsOptions): CorsSettings {
  const options = checkOptions('cors', given, OPTIONS) as CorsOptions;
  const origin = options.origin ?? '*';
  const anyOrigin = origin === '*';
  if (options.credentials !== undefined && typeof options.credentials !== 'boolean')
    throw invalidOption('cors', 'credentials', 'must be true or false.');
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
  if (typeof origin !== 'string' && !Array.isArray(origin))
    throw invalidOption('cors', 'origin', "must be '*', an origin, a list of origins or a function.");
  const allowed = new Set<unknown>(typeof origin === 'string' ? [origin] : origin);
  for (const entry of allowed) checkOrigin(entry);
  return (candidate) => allowed.has(candidate);
}

/**
 * Refuses a listed origin that no browser ever sends, so it could never match: a trailing `/` or a
 * path, no scheme, upper case, a default port, a `*` pattern. `null` may be listed.
 */
function checkOrigin(entry: unknown): void {
  if (entry === 'null') return;
  const problem = originProblem(entry);
  if (problem !== undefined)
    throw invalidOption('cors', 'origin', `holds ${JSON.stringify(entry)}; ${problem}`);
}

function originProblem(entry: unknown): string | undefined {
  if (typeof entry !== 'string') return "list origins as strings such as 'https://example.com'.";
  if (entry.includes('*')) {
    return "a browser sends one exact origin, never a pattern; list each origin or give a function such as (origin) => origin.endsWith('.example.com').";
  }
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(entry)) {
    return `an origin has a scheme; did you mean 'https://${entry.replace(/\/+$/, '')}'?`;
  }
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return "list full origins such as 'https://example.com'.";
  }
  const serialized = url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  if (serialized === undefined) {
    return /^[a-z][a-z0-9+.-]*:\/\/[^/?#@\s,A-Z]+$/.test(entry)
      ? undefined
      : 'an origin is a lower-case scheme and host, without path, query or user.';
  }
  return serialized === entry
    ? undefined
    : `browsers send origins as scheme://host[:port] in lower case, without default port or path; did you mean '${serialized}'?`;
}

function tokenList(option: string, values: readonly string[]): string {
  if (!Array.isArray(values)) throw invalidOption('cors', option, 'must be a list of strings.');
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
