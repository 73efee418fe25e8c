import { RouterError } from './errors';
import type { PathTemplate } from './path-template';
import { mayBacktrackCatastrophically } from './token-safety';

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
 * which can take exponential time on a short path, is refused with `FRAMEWORK_ERR_ROUTE_UNSAFE_TOKEN`. The result is a null-prototype map, safe to index with
 * placeholder names such as `constructor`.
 */
export function compileTokens(
  template: PathTemplate,
  tokens: unknown,
  { allowUnsafeRegex = false }: CompileTokensOptions = {},
): Readonly<Record<string, RegExp>> {
  const compiled: Record<string, RegExp> = Object.create(null);
  if (tokens === undefined) return compiled;
  if (tokens === null || typeof tokens !== 'object' || Array.isArray(tokens)) {
    throw new RouterError(
      'FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS',
      `Route ${JSON.stringify(template.source)}: option "tokens" must map placeholder names to regular expressions.`,
    );
  }
  for (const name of Object.keys(tokens)) {
    const source: unknown = (tokens as Record<string, unknown>)[name];
    if (!template.paramNames.includes(name)) {
      throw new RouterError(
        'FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS',
        `Route ${JSON.stringify(template.source)}: token "${name}" names no placeholder; placeholders: ${
          template.paramNames.length ? template.paramNames.join(', ') : 'none'
        }.`,
      );
    }
    if (typeof source !== 'string' || source === '') {
      throw new RouterError(
        'FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS',
        `Route ${JSON.stringify(template.source)}: token "${name}" must be a non-empty regular-expression string.`,
      );
    }
    compiled[name] = compileToken(template, `token "${name}"`, source, allowUnsafeRegex);
  }
  return compiled;
}

/**
 * Compiles one expression anchored to a whole value and, unless `allowUnsafeRegex`, refuses one open to
 * catastrophic backtracking. `label` names it in errors (`token "id"`, `inline constraint {id:…}`).
 */
export function compileToken(
  template: PathTemplate,
  label: string,
  source: string,
  allowUnsafeRegex: boolean,
  unsafeFix = 'or set the route option allowUnsafeRegex: true to accept the risk',
): RegExp {
  let expression: RegExp;
  try {
    expression = new RegExp(`^(?:${source})$`);
  } catch (error) {
    throw new RouterError(
      'FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS',
      `Route ${JSON.stringify(template.source)}: ${label} is not a valid regular expression: ${
        (error as Error).message
      }`,
    );
  }
  if (allowUnsafeRegex || !mayBacktrackCatastrophically(expression)) return expression;
  throw new RouterError(
    'FRAMEWORK_ERR_ROUTE_UNSAFE_TOKEN',
    `Route ${JSON.stringify(template.source)}: ${label} ${JSON.stringify(source)} may backtrack ` +
      'catastrophically (a repeated part can match the same text in two ways: nested repetition or ' +
      'overlapping alternatives), so one short path could block the server; rewrite it so each text ' +
      `has one way to match, ${unsafeFix}.`,
  );
}
