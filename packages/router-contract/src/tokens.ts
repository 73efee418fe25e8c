import { routeError } from './errors';
import { isOptionsObject } from './options-object';
import type { PathTemplate } from './path-template';
import { backtrackingVerdict } from './token-safety';

/** Placeholder name to regular-expression source, as given in the `tokens` route option. */
export type Tokens = Readonly<Record<string, string>>;

/** How `compileTokens` vets expressions. */
export interface CompileTokensOptions {
  /**
   * Accept expressions open to catastrophic backtracking (ReDoS), the
   * `allowUnsafeRegex` route option. Default `false`: such an expression is refused.
   */
  readonly allowUnsafeRegex?: boolean;
}

/**
 * Checks a `tokens` option against a template and compiles each expression anchored to a whole value.
 * Unless `allowUnsafeRegex` is set, an expression with a repeated part that can match the same text
 * in two ways (nested repetition such as `(a+)+`, overlapping alternatives such as `(\d|\d\d)+`),
 * which can take exponential time on a short path, is refused with `FRAMEWORK_ERR_ROUTE_UNSAFE_TOKEN`,
 * and so is one too complex for the check to prove safe in its bounded work. The result is a
 * null-prototype map, safe to index with placeholder names such as `constructor`.
 */
export function compileTokens(
  template: PathTemplate,
  tokens: unknown,
  { allowUnsafeRegex = false }: CompileTokensOptions = {},
): Readonly<Record<string, RegExp>> {
  const compiled: Record<string, RegExp> = Object.create(null);
  if (tokens === undefined) return compiled;
  const { source: path, paramNames } = template;
  if (!isOptionsObject(tokens)) {
    throw routeError(path, 'option "tokens" must map placeholder names to regular expressions.');
  }
  for (const name of Object.keys(tokens)) {
    const source: unknown = (tokens as Record<string, unknown>)[name];
    const label = `token "${name}"`;
    if (!paramNames.includes(name)) {
      throw routeError(
        path,
        `${label} names no placeholder; placeholders: ${paramNames.join(', ') || 'none'}.`,
      );
    }
    if (typeof source !== 'string' || source === '') {
      throw routeError(path, `${label} must be a non-empty regular-expression string.`);
    }
    compiled[name] = compileToken(path, label, source, allowUnsafeRegex);
  }
  return compiled;
}

/**
 * Compiles one expression anchored to a whole value and, unless `allowUnsafeRegex` (which skips the
 * check), refuses one open to catastrophic backtracking or too complex to prove safe. `label` names it in errors (`token "id"`, `the inline constraint of {id}`);
 * `unsafeFix` says how to accept the risk.
 */
export function compileToken(
  path: string,
  label: string,
  source: string,
  allowUnsafeRegex: boolean,
  unsafeFix = 'set allowUnsafeRegex: true',
): RegExp {
  let expression: RegExp;
  try {
    expression = new RegExp(`^(?:${source})$`);
  } catch (error) {
    throw routeError(path, `${label} is not a valid regular expression: ${(error as Error).message}`);
  }
  if (allowUnsafeRegex) return expression;
  const verdict = backtrackingVerdict(expression);
  if (verdict === 'safe') return expression;
  const named = `${label} ${quoteSource(source)}`;
  throw routeError(
    path,
    verdict === 'too-complex'
      ? `${named} is too complex to prove safe from catastrophic backtracking (the check gives up ` +
          `beyond a fixed amount of work); use a simpler expression, or ${unsafeFix} to accept the risk.`
      : `${named} may backtrack catastrophically (a repeated part can match one text in two ways); ` +
          `rewrite it so each text has one way to match, or ${unsafeFix} to accept the risk.`,
    'FRAMEWORK_ERR_ROUTE_UNSAFE_TOKEN',
  );
}

/** Beyond this many characters an expression is shown cut short in an error message. */
const QUOTED_SOURCE_LENGTH = 80;

function quoteSource(source: string): string {
  return source.length <= QUOTED_SOURCE_LENGTH
    ? JSON.stringify(source)
    : `${JSON.stringify(source.slice(0, QUOTED_SOURCE_LENGTH))}… (${source.length} characters)`;
}
