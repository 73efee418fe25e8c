import { invalidOption } from '../errors';
import { checkOptions } from '../shared/check-options';

/** Options of `csrf()`. */
export interface CsrfOptions {
  /**
   * Origins besides the request's own whose unsafe requests are accepted, exact (`https://app.example.com`:
   * scheme, host, port if not the default). List your public origin when a proxy ends TLS, so the URL
   * the application sees starts with `http:`.
   */
  readonly trustedOrigins?: readonly string[];
  /** The request header that carries a token (default `x-csrf-token`). */
  readonly headerName?: string;
  /** The field of an `application/x-www-form-urlencoded` body that carries a token (default `_csrf`). */
  readonly fieldName?: string;
}

/** The options, checked and defaulted once. */
export interface CsrfSettings {
  readonly trustedOrigins: ReadonlySet<string>;
  readonly headerName: string;
  readonly fieldName: string;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export function csrfSettings(given?: CsrfOptions): CsrfSettings {
  const options = checkOptions('csrf', given, ['trustedOrigins', 'headerName', 'fieldName']) as CsrfOptions;
  const headerName = options.headerName ?? 'x-csrf-token';
  if (typeof headerName !== 'string' || !TOKEN.test(headerName))
    throw invalidOption('csrf', 'headerName', 'must be a header name.');
  const fieldName = options.fieldName ?? '_csrf';
  if (typeof fieldName !== 'string' || fieldName === '')
    throw invalidOption('csrf', 'fieldName', 'must be a non-empty string.');
  return {
    trustedOrigins: originsOf(options.trustedOrigins ?? []),
    headerName: headerName.toLowerCase(),
    fieldName,
  };
}

function originsOf(origins: unknown): ReadonlySet<string> {
  if (!Array.isArray(origins)) throw invalidOption('csrf', 'trustedOrigins', 'must be a list of origins.');
  for (const origin of origins) {
    if (typeof origin !== 'string' || origin === 'null' || originOf(origin) !== origin)
      throw invalidOption(
        'csrf',
        'trustedOrigins',
        `holds ${JSON.stringify(origin)}, which is not an origin as browsers send it (scheme://host[:port], lower case, no path or trailing /).`,
      );
  }
  return new Set(origins as string[]);
}

/** The origin of a URL as browsers serialise it, or undefined when it is not a URL. */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
