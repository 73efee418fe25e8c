import { RouterError } from './errors';
import type { PathTemplate } from './path-template';

/** Placeholder name to regular-expression source, as given in the `tokens` route option. */
export type Tokens = Readonly<Record<string, string>>;

/**
 * Checks a `tokens` option against a template and compiles each expression anchored to a whole value.
 * The result is a null-prototype map, safe to index with placeholder names such as `constructor`.
 */
export function compileTokens(template: PathTemplate, tokens: unknown): Readonly<Record<string, RegExp>> {
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
    try {
      compiled[name] = new RegExp(`^(?:${source})$`);
    } catch (error) {
      throw new RouterError(
        'FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS',
        `Route ${JSON.stringify(template.source)}: token "${name}" is not a valid regular expression: ${
          (error as Error).message
        }`,
      );
    }
  }
  return compiled;
}
