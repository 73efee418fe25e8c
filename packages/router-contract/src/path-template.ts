import { RouterError } from './errors';

/** A run of literal text in a path template. */
export interface StaticPart {
  readonly kind: 'static';
  readonly text: string;
}

/**
 * A `{name}` placeholder: matches one or more characters other than `/`. Written `{name:regex}`, it
 * carries an inline constraint, which the route applies exactly as a `tokens` entry for `name`.
 */
export interface ParamPart {
  readonly kind: 'param';
  readonly name: string;
  /** The regular-expression source of an inline constraint (`\d+` for `{id:\d+}`), when written. */
  readonly constraint?: string;
}

/** One part of a parsed template: static text or a `{name}` placeholder. */
export type TemplatePart = StaticPart | ParamPart;

/** A parsed `{name}` path template, shared by all adapters so they agree on syntax. */
export interface PathTemplate {
  /**
   * The template as matched: as written, with text outside ASCII percent-encoded (`/caf%C3%A9`) and
   * inline constraints left out (`/notes/{id:\d+}` gives `/notes/{id}`), so a constrained template has
   * the shape, precedence and translation of the same template with `tokens`.
   */
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
 * Parses a path template such as `/post/{id}`, `/api/v{version}/me` or `/notes/{id:\d+}`.
 *
 * Rules: the path starts with `/`; a placeholder is `{name}` or `{name:regex}`, with a name of letters,
 * digits and `_` (not starting with a digit); names are unique; two placeholders need literal text
 * between them. An inline constraint runs to the `}` that balances the placeholder's `{`, as in
 * FastRoute: braces inside it must pair up (`{id:\d{2,4}}`), escaped or not; write a lone literal brace
 * as `\x7B` or `\x7D`. Outside placeholders, `{` and `}` are refused; a `%` starts a percent escape
 * (`%20`); `?`, `#`, whitespace and (anywhere) control characters are refused. Text outside ASCII
 * (`/café`) is percent-encoded as UTF-8 here (`/caf%C3%A9`, the form clients send), so `source` and the
 * parts hold the encoded form: literal text is compared with the request path exactly as received
 * (still percent-encoded). A constraint is kept as written: it is matched against the decoded value.
 *
 * @example
 * parsePathTemplate('/api/v{version}/me').paramNames // ['version']
 * parsePathTemplate('/café').source // '/caf%C3%A9'
 * parsePathTemplate('/notes/{id:\\d+}').parts[1] // { kind: 'param', name: 'id', constraint: '\\d+' }
 */
export function parsePathTemplate(path: string): PathTemplate {
  if (typeof path !== 'string') throw invalid(String(path), 'the path must be a string.');
  if (!path.startsWith('/')) throw invalid(path, 'the path must start with "/".');

  const parts: TemplatePart[] = [];
  const paramNames: string[] = [];
  let source = '';
  const addStatic = (text: string, offset: number): void => {
    const encoded = staticText(path, text, offset, source.length);
    parts.push({ kind: 'static', text: encoded });
    source += encoded;
  };
  // Where the static text or the placeholder being read starts, and how deep in braces it is.
  let start = 0;
  let depth = 0;
  for (let index = 0; index < path.length; index++) {
    const char = path[index];
    if (char === '{' && depth++ === 0) {
      if (index > start) addStatic(path.slice(start, index), start);
      else if (parts.length > 0) throw invalid(path, 'two placeholders need literal text between them.');
      start = index;
    } else if (char === '}') {
      if (depth === 0) throw invalid(path, `unexpected "}" at offset ${index}.`);
      if (--depth > 0) continue;
      const part = placeholder(path, start, index);
      if (paramNames.includes(part.name)) throw invalid(path, `placeholder {${part.name}} appears twice.`);
      paramNames.push(part.name);
      parts.push(part);
      source += `{${part.name}}`;
      start = index + 1;
    }
  }
  // Inner braces of a constraint pair up, as in FastRoute: `{id:\d{2,4}}` is one placeholder.
  if (depth > 0) throw invalid(path, `the "{" at offset ${start} is never closed.`);
  if (start < path.length) addStatic(path.slice(start), start);
  return Object.freeze({
    source,
    parts: Object.freeze(parts),
    paramNames: Object.freeze(paramNames),
    isStatic: paramNames.length === 0,
  });
}

/** The placeholder between the braces at `open` and `end`: `{name}` or `{name:regex}`. */
function placeholder(path: string, open: number, end: number): ParamPart {
  const body = path.slice(open + 1, end);
  const colon = body.indexOf(':');
  const name = colon === -1 ? body : body.slice(0, colon);
  if (!PARAM_NAME.test(name)) {
    throw invalid(path, `placeholder name ${JSON.stringify(name)} must match ${PARAM_NAME.source}.`);
  }
  if (colon === -1) return { kind: 'param', name };
  const constraint = body.slice(colon + 1);
  if (constraint === '') {
    throw invalid(
      path,
      `placeholder {${name}:} has an empty constraint; write {${name}} or {${name}:regex}.`,
    );
  }
  refuseControl(path, constraint, open + colon + 2);
  return { kind: 'param', name, constraint };
}

/**
 * Checks literal text found at `offset` of the path and returns it with text outside ASCII encoded;
 * `encodedOffset` is where it starts in the encoded template, which a bad percent escape is reported at.
 */
function staticText(path: string, text: string, offset: number, encodedOffset: number): string {
  if (/[?#\s]/.test(text)) throw invalid(path, 'the path must not contain "?", "#" or whitespace.');
  refuseControl(path, text, offset);
  const encoded = text.replace(NON_ASCII, (run, at: number) => {
    try {
      return encodeURIComponent(run);
    } catch {
      throw invalid(path, `the text at offset ${offset + at} is not valid Unicode (a lone surrogate).`);
    }
  });
  const badEscape = /%(?![0-9A-Fa-f]{2})/.exec(encoded);
  if (badEscape) {
    throw invalid(
      path,
      `the "%" at offset ${encodedOffset + badEscape.index} does not start a percent escape such as %20.`,
    );
  }
  return encoded;
}

/** Refuses a control character in `text`, found at `offset` of the path. */
function refuseControl(path: string, text: string, offset: number): void {
  const control = CONTROL.exec(text);
  if (control === null) return;
  const char = control[0];
  throw invalid(
    path,
    `the control character ${JSON.stringify(char)} at offset ${offset + control.index} cannot appear in a path; ` +
      `write it percent-encoded (${encodeURIComponent(char)}) if clients send it.`,
  );
}
