import { RouterError } from './errors';

/** A run of literal text in a path template. */
export interface StaticPart {
  readonly kind: 'static';
  readonly text: string;
}

/** A `{name}` placeholder: matches one or more characters other than `/`. */
export interface ParamPart {
  readonly kind: 'param';
  readonly name: string;
}

/** One part of a parsed template: static text or a `{name}` placeholder. */
export type TemplatePart = StaticPart | ParamPart;

/** A parsed `{name}` path template, shared by all adapters so they agree on syntax. */
export interface PathTemplate {
  /** The template as matched: as written, with text outside ASCII percent-encoded (`/caf%C3%A9`). */
  readonly source: string;
  /** Alternating static text and placeholders, in order; never two placeholders side by side. */
  readonly parts: readonly TemplatePart[];
  readonly paramNames: readonly string[];
  /** True when the template has no placeholder. */
  readonly isStatic: boolean;
}

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function invalid(path: string, reason: string): RouterError {
  return new RouterError(
    'FRAMEWORK_ERR_ROUTE_INVALID_PATH',
    `Invalid route path ${JSON.stringify(path)}: ${reason}`,
  );
}

/** Control characters and DEL: refused, since no client sends them raw and their escape is clearer. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\x00-\x1f\x7f]/;
/** A run of characters outside ASCII, written as is (`é`): encoded to UTF-8 escapes at registration. */
const NON_ASCII = /[\u0080-\u{10ffff}]+/gu;

/**
 * Parses a path template such as `/post/{id}` or `/api/v{version}/me`.
 *
 * Rules: the path starts with `/`; a placeholder is `{name}` with a name of letters, digits and `_`
 * (not starting with a digit); names are unique; two placeholders need literal text between them;
 * `{` and `}` appear only as placeholder delimiters; a `%` starts a percent escape (`%20`); whitespace
 * and control characters are refused. Text outside ASCII (`/café`) is percent-encoded as UTF-8 here
 * (`/caf%C3%A9`, the form clients send), so `source` and the parts hold the encoded form: literal text
 * is compared with the request path exactly as received (still percent-encoded).
 *
 * @example
 * parsePathTemplate('/api/v{version}/me').paramNames // ['version']
 * parsePathTemplate('/café').source // '/caf%C3%A9'
 */
export function parsePathTemplate(path: string): PathTemplate {
  if (typeof path !== 'string') throw invalid(String(path), 'the path must be a string.');
  if (!path.startsWith('/')) throw invalid(path, 'the path must start with "/".');
  if (/[?#\s]/.test(path)) throw invalid(path, 'the path must not contain "?", "#" or whitespace.');
  const control = CONTROL.exec(path);
  if (control) {
    const char = control[0];
    throw invalid(
      path,
      `the control character ${JSON.stringify(char)} at offset ${control.index} cannot appear in a path; ` +
        `write it percent-encoded (${encodeURIComponent(char)}) if clients send it.`,
    );
  }
  const encoded = encodeNonAscii(path);
  const badEscape = /%(?![0-9A-Fa-f]{2})/.exec(encoded);
  if (badEscape) {
    throw invalid(path, `the "%" at offset ${badEscape.index} does not start a percent escape such as %20.`);
  }

  const parts: TemplatePart[] = [];
  const paramNames: string[] = [];
  let cursor = 0;
  while (cursor < encoded.length) {
    const open = encoded.indexOf('{', cursor);
    const close = encoded.indexOf('}', cursor);
    if (close !== -1 && (open === -1 || close < open))
      throw invalid(path, `unexpected "}" at offset ${close}.`);
    if (open === -1) {
      parts.push({ kind: 'static', text: encoded.slice(cursor) });
      break;
    }
    if (close === -1) throw invalid(path, `the "{" at offset ${open} is never closed.`);
    if (open > cursor) parts.push({ kind: 'static', text: encoded.slice(cursor, open) });
    else if (parts.length > 0) throw invalid(path, 'two placeholders need literal text between them.');
    const name = encoded.slice(open + 1, close);
    if (!PARAM_NAME.test(name)) {
      throw invalid(path, `placeholder name ${JSON.stringify(name)} must match ${PARAM_NAME.source}.`);
    }
    if (paramNames.includes(name)) throw invalid(path, `placeholder {${name}} appears twice.`);
    paramNames.push(name);
    parts.push({ kind: 'param', name });
    cursor = close + 1;
  }
  return Object.freeze({
    source: encoded,
    parts: Object.freeze(parts),
    paramNames: Object.freeze(paramNames),
    isStatic: paramNames.length === 0,
  });
}

/** `/café` as `/caf%C3%A9`; a lone surrogate, which has no UTF-8 form, is refused. */
function encodeNonAscii(path: string): string {
  return path.replace(NON_ASCII, (text, offset: number) => {
    try {
      return encodeURIComponent(text);
    } catch {
      throw invalid(path, `the text at offset ${offset} is not valid Unicode (a lone surrogate).`);
    }
  });
}
