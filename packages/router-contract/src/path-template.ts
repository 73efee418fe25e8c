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

/** ` (%C3%A9)` for `é`; nothing for a lone surrogate, which has no UTF-8 form. */
function encodedForm(char: string): string {
  try {
    return ` (${encodeURIComponent(char)})`;
  } catch {
    return '';
  }
}

/**
 * Parses a path template such as `/post/{id}` or `/api/v{version}/me`.
 *
 * Rules: the path starts with `/`; a placeholder is `{name}` with a name of letters, digits and `_`
 * (not starting with a digit); names are unique; two placeholders need literal text between them;
 * `{` and `}` appear only as placeholder delimiters; a `%` starts a percent escape (`%20`); only
 * printable ASCII appears (write `é` as `%C3%A9`). Everything else is literal text, compared with the
 * request path exactly as received (still percent-encoded).
 *
 * @example
 * parsePathTemplate('/api/v{version}/me').paramNames // ['version']
 */
export function parsePathTemplate(path: string): PathTemplate {
  if (typeof path !== 'string') throw invalid(String(path), 'the path must be a string.');
  if (!path.startsWith('/')) throw invalid(path, 'the path must start with "/".');
  if (/[?#\s]/.test(path)) throw invalid(path, 'the path must not contain "?", "#" or whitespace.');
  const unencoded = /[^\x21-\x7e]/u.exec(path);
  if (unencoded) {
    const char = unencoded[0];
    throw invalid(
      path,
      `write the character ${JSON.stringify(char)} at offset ${unencoded.index} percent-encoded` +
        `${encodedForm(char)}: literal text is compared with the path as received.`,
    );
  }
  const badEscape = /%(?![0-9A-Fa-f]{2})/.exec(path);
  if (badEscape) {
    throw invalid(path, `the "%" at offset ${badEscape.index} does not start a percent escape such as %20.`);
  }

  const parts: TemplatePart[] = [];
  const paramNames: string[] = [];
  let cursor = 0;
  while (cursor < path.length) {
    const open = path.indexOf('{', cursor);
    const close = path.indexOf('}', cursor);
    if (close !== -1 && (open === -1 || close < open))
      throw invalid(path, `unexpected "}" at offset ${close}.`);
    if (open === -1) {
      parts.push({ kind: 'static', text: path.slice(cursor) });
      break;
    }
    if (close === -1) throw invalid(path, `the "{" at offset ${open} is never closed.`);
    if (open > cursor) parts.push({ kind: 'static', text: path.slice(cursor, open) });
    else if (parts.length > 0) throw invalid(path, 'two placeholders need literal text between them.');
    const name = path.slice(open + 1, close);
    if (!PARAM_NAME.test(name)) {
      throw invalid(path, `placeholder name ${JSON.stringify(name)} must match ${PARAM_NAME.source}.`);
    }
    if (paramNames.includes(name)) throw invalid(path, `placeholder {${name}} appears twice.`);
    paramNames.push(name);
    parts.push({ kind: 'param', name });
    cursor = close + 1;
  }
  return Object.freeze({
    source: path,
    parts: Object.freeze(parts),
    paramNames: Object.freeze(paramNames),
    isStatic: paramNames.length === 0,
  });
}
