import { RouterError, resolveMaxParamLength } from '@framework/router-contract';

/**
 * Options of `FindMyWayRouter`. Only `maxParamLength` changes behaviour; the other find-my-way
 * matching options are fixed by the router contract and accepted only with the value it needs.
 */
export interface FindMyWayRouterOptions {
  /**
   * The longest placeholder value, counted as received (percent-encoded), that matches: the contract's
   * one limit, `DEFAULT_MAX_PARAM_LENGTH` (100) by default. find-my-way's own `maxParamLength` counts
   * the decoded value; this adapter gives find-my-way no limit and checks this one itself.
   */
  readonly maxParamLength?: number;
  /** Must be `true`: the contract matches case-sensitively. */
  readonly caseSensitive?: true;
  /** Must be `false`: the contract is strict about trailing slashes. */
  readonly ignoreTrailingSlash?: false;
  /** Must be `false`: `/a//b` is not `/a/b`. */
  readonly ignoreDuplicateSlashes?: false;
  /** Must be `false`: `;` is path text, not a query delimiter. */
  readonly useSemicolonDelimiter?: false;
}

export interface ResolvedOptions {
  readonly maxParamLength: number;
}

const FORCED: Readonly<Record<string, { value: boolean; why: string }>> = {
  caseSensitive: { value: true, why: 'the router contract matches case-sensitively' },
  ignoreTrailingSlash: { value: false, why: 'the router contract is strict about trailing slashes' },
  ignoreDuplicateSlashes: { value: false, why: 'the router contract keeps duplicate slashes' },
  useSemicolonDelimiter: { value: false, why: 'the router contract treats ";" as path text' },
};

// find-my-way options that only affect its own lookup()/handlers or regex params, which this adapter never uses.
const WITHOUT_EFFECT = [
  'allowUnsafeRegex',
  'buildPrettyMeta',
  'constraints',
  'defaultRoute',
  'onBadUrl',
  'onMaxParamLength',
  'querystringParser',
];

function invalid(message: string): RouterError {
  return new RouterError('FRAMEWORK_ERR_ROUTER_INVALID_OPTIONS', `FindMyWayRouter: ${message}`);
}

/** Checks the constructor options once and fills in the defaults. */
export function resolveOptions(options: FindMyWayRouterOptions = {}): ResolvedOptions {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw invalid('options must be an object.');
  }
  for (const [key, value] of Object.entries(options)) {
    if (key === 'maxParamLength') continue;
    const forced = Object.prototype.hasOwnProperty.call(FORCED, key) ? FORCED[key] : undefined;
    if (forced !== undefined) {
      if (value !== undefined && value !== forced.value) {
        throw invalid(`option "${key}" must be ${String(forced.value)} (${forced.why}).`);
      }
      continue;
    }
    if (WITHOUT_EFFECT.includes(key)) {
      throw invalid(
        `option "${key}" has no effect: match() never calls find-my-way handlers or regex params.`,
      );
    }
    throw invalid(
      `unknown option "${key}"; known options: maxParamLength, ${Object.keys(FORCED).join(', ')}.`,
    );
  }
  return { maxParamLength: resolveMaxParamLength(options.maxParamLength, 'FindMyWayRouter') };
}
