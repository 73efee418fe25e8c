import { RouterError } from './errors';
import { isOptionsObject } from './options-object';
import type { PathTemplate, TemplatePart } from './path-template';

/**
 * The longest placeholder value that matches unless a router is given another `maxParamLength`:
 * 100 characters as received (percent-encoded), as find-my-way's default.
 */
export const DEFAULT_MAX_PARAM_LENGTH = 100;

/** The options every adapter of the contract accepts in its constructor. */
export interface RouterLimits {
  /**
   * The longest placeholder value, counted as received (percent-encoded, before decoding), that
   * matches. A longer value fails that route (another route may still match). A positive integer or
   * `Infinity`; default `DEFAULT_MAX_PARAM_LENGTH`.
   */
  readonly maxParamLength?: number;
}

/**
 * Checks a `maxParamLength` option once (in an adapter's constructor) and fills in the default.
 * Throws `FRAMEWORK_ERR_ROUTER_INVALID_OPTIONS`, naming the adapter, for anything but a positive
 * integer or `Infinity`.
 *
 * @example
 * this.maxParamLength = resolveMaxParamLength(options.maxParamLength, 'PathToRegexpRouter'); // 100
 */
export function resolveMaxParamLength(value: unknown, adapter: string): number {
  if (value === undefined) return DEFAULT_MAX_PARAM_LENGTH;
  if ((typeof value === 'number' && Number.isInteger(value) && value > 0) || value === Infinity) {
    return value as number;
  }
  throw new RouterError(
    'FRAMEWORK_ERR_ROUTER_INVALID_OPTIONS',
    `${adapter}: option "maxParamLength" must be a positive integer or Infinity, got ${describeValue(value)}.`,
  );
}

/** The limits an adapter works with, every default filled in. */
export interface ResolvedRouterLimits {
  readonly maxParamLength: number;
}

/**
 * Checks the constructor options of an adapter whose only options are `RouterLimits`: an object (or
 * `undefined`) with no other key. Throws `FRAMEWORK_ERR_ROUTER_INVALID_OPTIONS` naming the adapter
 * and the option.
 *
 * @example
 * constructor(options?: RouterLimits) {
 *   this.limits = resolveRouterLimits(options, 'PathToRegexpRouter');
 * }
 */
export function resolveRouterLimits(options: unknown, adapter: string): ResolvedRouterLimits {
  if (options === undefined) return { maxParamLength: DEFAULT_MAX_PARAM_LENGTH };
  if (!isOptionsObject(options)) {
    throw new RouterError('FRAMEWORK_ERR_ROUTER_INVALID_OPTIONS', `${adapter}: options must be an object.`);
  }
  for (const key of Object.keys(options)) {
    if (key !== 'maxParamLength') {
      throw new RouterError(
        'FRAMEWORK_ERR_ROUTER_INVALID_OPTIONS',
        `${adapter}: unknown option ${JSON.stringify(key)}; known options: maxParamLength.`,
      );
    }
  }
  return {
    maxParamLength: resolveMaxParamLength((options as RouterLimits).maxParamLength, adapter),
  };
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/**
 * The longest raw path the template can match when no placeholder value is longer than
 * `maxParamLength`: a cheap check that spares running any expression over a longer path.
 *
 * @example
 * longestPath(parsePathTemplate('/files/{name}.{ext}'), 100); // 208
 */
export function longestPath(template: PathTemplate, maxParamLength: number): number {
  return longestText(template.parts, maxParamLength);
}

/** The longest raw text these parts can match when no placeholder value is longer than `maxParamLength`. */
export function longestText(parts: readonly TemplatePart[], maxParamLength: number): number {
  let longest = 0;
  for (const part of parts) longest += part.kind === 'static' ? part.text.length : maxParamLength;
  return longest;
}
