import { RouterError } from './errors';
import type { ParamPart, PathTemplate } from './path-template';
import type { Route } from './route';
import type { RouterCapabilities } from './router';
import { compileToken } from './tokens';

type CompiledTokens = Readonly<Record<string, RegExp>>;

/** The placeholders of a template written with an inline constraint (`{id:\d+}`). */
function constrainedParts(template: PathTemplate): ParamPart[] {
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
      template,
      `the inline constraint of {${name}}`,
      constraint as string,
      false,
      'or move it to the tokens option with allowUnsafeRegex: true to accept the risk',
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
      throw new RouterError(
        'FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS',
        `Route ${JSON.stringify(template.source)}: placeholder {${name}} has both an inline constraint ` +
          `and a "tokens" entry; keep one of the two.`,
      );
    }
    merged[name] = tokens[name] as RegExp;
  }
  return merged;
}

/**
 * Refuses a route whose template holds an inline constraint (`{id:\d+}`) when the router does not
 * declare `capabilities.inlineConstraints`: an adapter written before the syntax existed might read
 * the path itself and misroute, so it is told instead. Throws `FRAMEWORK_ERR_ROUTER_UNSUPPORTED_SYNTAX`
 * naming the router and the placeholder. The application calls it before `addRoute`; an adapter may
 * call it too.
 *
 * @example
 * assertRouterSupports(router, route); // throws for '/notes/{id:\d+}' on a router without the flag
 * router.addRoute(route);
 */
export function assertRouterSupports(
  router: { readonly capabilities?: RouterCapabilities },
  route: Route<unknown, string>,
): void {
  if (router.capabilities?.inlineConstraints === true) return;
  const [first] = constrainedParts(route.template);
  if (first === undefined) return;
  const adapter = (router as { constructor?: { name?: string } }).constructor?.name || 'the router';
  throw new RouterError(
    'FRAMEWORK_ERR_ROUTER_UNSUPPORTED_SYNTAX',
    `Route ${JSON.stringify(route.getPath())}: placeholder {${first.name}} has an inline constraint, which ` +
      `${adapter} does not declare support for (capabilities.inlineConstraints). Write it as a token ` +
      `instead, setOptions({ tokens: { ${first.name}: ${JSON.stringify(first.constraint)} } }), or use ` +
      'an adapter that supports inline constraints.',
  );
}
