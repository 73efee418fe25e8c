import { routeError } from './errors';
import type { ParamPart, PathTemplate } from './path-template';
import { compileToken } from './tokens';

/** Compiled token expressions by placeholder name. */
export type CompiledTokens = Readonly<Record<string, RegExp>>;

/** The placeholders of a template written with an inline constraint (`{id:\d+}`). */
export function constrainedParts(template: PathTemplate): ParamPart[] {
  return template.parts.filter(
    (part): part is ParamPart => part.kind === 'param' && part.constraint !== undefined,
  );
}

/**
 * Compiles the inline constraints of a template as `compileTokens` compiles `tokens` (anchored to the
 * whole decoded value), always vetted for catastrophic backtracking: an expression the check refuses
 * belongs in the `tokens` option, where `allowUnsafeRegex` can accept it. Null-prototype result.
 *
 * @example
 * compileInlineConstraints(parsePathTemplate('/notes/{id:\\d+}')).id; // /^(?:\d+)$/
 */
export function compileInlineConstraints(template: PathTemplate): CompiledTokens {
  const compiled: Record<string, RegExp> = Object.create(null);
  for (const { name, constraint } of constrainedParts(template)) {
    compiled[name] = compileToken(
      template.source,
      `the inline constraint of {${name}}`,
      constraint as string,
      false,
      'move it to tokens with allowUnsafeRegex: true',
    );
  }
  return compiled;
}

/**
 * The expressions a route applies: its inline constraints and its `tokens`. A placeholder constrained
 * both ways is refused with `FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS` naming it: keep one of the two.
 */
export function mergeTokens(
  template: PathTemplate,
  inline: CompiledTokens,
  tokens: CompiledTokens,
): CompiledTokens {
  const merged: Record<string, RegExp> = Object.assign(Object.create(null), inline);
  for (const name of Object.keys(tokens)) {
    if (name in inline) {
      throw routeError(
        template.source,
        `placeholder {${name}} has both an inline constraint and a "tokens" entry; keep one of the two.`,
      );
    }
    merged[name] = tokens[name] as RegExp;
  }
  return merged;
}
