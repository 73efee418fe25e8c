import { DEFAULT_MAX_PARAM_LENGTH } from '../limits';
import { createMatchParams } from '../match-params';
import type { TemplatePart } from '../path-template';
import type { TemplateCapture } from './render-template';
import { splitSegment } from './split-segment';

/**
 * The engine's shared copy of a string: a name sliced out of a template is not one, and storing a
 * property under it then costs a string-table lookup at every match.
 */
function internalized(name: string): string {
  return Object.keys({ [name]: 0 })[0] as string;
}

/** Options of a `ParamReader`. */
export interface ParamReaderOptions {
  /**
   * The longest placeholder value (as received, percent-encoded) that matches: a router's
   * `maxParamLength`. Default `DEFAULT_MAX_PARAM_LENGTH`.
   */
  readonly maxLength?: number;
}

/**
 * Turns the raw captures a library found for a rendered template into the params of a match:
 * percent-decoded, checked against the route's tokens, segments with two or more placeholders split
 * by `splitSegment`. Build one per route when the table compiles; `read` is cheap and allocates
 * only the params object.
 *
 * @example
 * const { source, captures } = renderTemplate(route.template, syntax);
 * const reader = new ParamReader(captures);
 * const params = reader.read(library.exec(path), 1, route.getTokens()); // undefined: no match
 */
export class ParamReader {
  private readonly names: readonly string[];
  private readonly segments: readonly (readonly TemplatePart[] | null)[];
  private readonly maxLength: number;
  private tokens: Readonly<Record<string, RegExp>> | undefined;
  private checks: readonly (RegExp | undefined)[] = [];

  constructor(captures: readonly TemplateCapture[], options: ParamReaderOptions = {}) {
    this.names = captures.map((capture) => internalized(capture.name));
    this.segments = captures.map((capture) => capture.segment);
    this.maxLength = options.maxLength ?? DEFAULT_MAX_PARAM_LENGTH;
  }

  /**
   * The params for `captures[offset]`, `captures[offset + 1]`, ... (in the order of `renderTemplate`),
   * in a new `createMatchParams` object the caller owns, or `undefined` when a value is empty, has a
   * malformed escape, is too long or fails its token. `tokens` is read at every call, so tokens set on the
   * route after the table compiled still apply.
   */
  // This is the hot path of every lookup with placeholders: change with care.
  read(
    captures: ArrayLike<string | undefined>,
    offset: number,
    tokens: Readonly<Record<string, RegExp>>,
  ): Record<string, string> | undefined {
    if (tokens !== this.tokens) this.useTokens(tokens);
    const params = createMatchParams();
    for (let i = 0; i < this.names.length; i++) {
      if (!this.readCapture(i, captures[i + offset], tokens, params)) return undefined;
    }
    return params;
  }

  /**
   * Like `read`, for a library that reports its captures by name: capture `i` is `values[keys[i]]`.
   */
  // This is the hot path of every lookup with placeholders: change with care.
  readKeyed(
    values: Readonly<Record<string, string | undefined>>,
    keys: readonly string[],
    tokens: Readonly<Record<string, RegExp>>,
  ): Record<string, string> | undefined {
    if (tokens !== this.tokens) this.useTokens(tokens);
    const params = createMatchParams();
    for (let i = 0; i < this.names.length; i++) {
      if (!this.readCapture(i, values[keys[i] as string], tokens, params)) return undefined;
    }
    return params;
  }

  /** Decodes and checks capture `i` into `params`; false when it does not match. */
  private readCapture(
    i: number,
    raw: string | undefined,
    tokens: Readonly<Record<string, RegExp>>,
    params: Record<string, string>,
  ): boolean {
    // A placeholder holds one character or more; a library may report an empty segment.
    if (raw === undefined || raw.length === 0) return false;
    const segment = this.segments[i];
    if (segment !== null) return splitSegment(raw, segment, tokens, params, this.maxLength);
    if (raw.length > this.maxLength) return false;
    let value: string = raw;
    if (raw.indexOf('%') !== -1) {
      try {
        value = decodeURIComponent(raw);
      } catch {
        return false;
      }
    }
    const check = this.checks[i];
    if (check !== undefined && !check.test(value)) return false;
    params[this.names[i] as string] = value;
    return true;
  }

  private useTokens(tokens: Readonly<Record<string, RegExp>>): void {
    this.tokens = tokens;
    this.checks = this.names.map((name, i) => (this.segments[i] === null ? tokens[name] : undefined));
  }
}
