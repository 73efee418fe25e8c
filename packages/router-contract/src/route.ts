import { RouterError, routeError } from './errors';
import { HTTP_METHOD_ANY, normalizeMethods } from './methods';
import { parsePathTemplate, type PathTemplate } from './path-template';
import { compileInlineConstraints, mergeTokens } from './inline-constraints';
import { isOptionsObject } from './options-object';
import { compileTokens, type Tokens } from './tokens';

/**
 * Options handed to the router. `tokens` constrains placeholders. There is no index signature, so a
 * misspelt key (`token`) is a compile error; an adapter that reads an option of its own declares it
 * by declaration merging:
 *
 * @example
 * declare module '@framework/router-contract' {
 *   interface RouteOptions {
 *     readonly cacheTag?: string;
 *   }
 * }
 */
export interface RouteOptions {
  readonly tokens?: Tokens;
  /**
   * Accept `tokens` expressions that may backtrack catastrophically (ReDoS), which are refused by
   * default with `FRAMEWORK_ERR_ROUTE_UNSAFE_TOKEN`. Only for expressions you know to be safe or
   * paths you trust: one short path can block the event loop for seconds. Default `false`.
   */
  readonly allowUnsafeRegex?: boolean;
}

/**
 * A path template, the middleware it leads to, the methods it answers and a name.
 *
 * `methods`: `null` or absent answers any method; `[]` lists none (the application still honours HEAD
 * and OPTIONS). The name defaults to the path, followed by `^GET:POST` when methods are listed.
 *
 * @example
 * const route = new Route('/post/{id}', handler, ['PUT']).setOptions({ tokens: { id: '\\d+' } });
 * const same = new Route('/post/{id:\\d+}', handler, ['PUT']); // the inline form of the same constraint
 */
export class Route<Middleware = unknown, Path extends string = string> {
  /** The parsed path template; adapters translate it instead of re-parsing the path. */
  readonly template: PathTemplate;
  private readonly methods: readonly string[] | null;
  private name: string;
  private options: RouteOptions = Object.freeze({});
  /** The inline constraints of the template (`{id:\d+}`), compiled once. */
  private readonly inline: Readonly<Record<string, RegExp>>;
  private tokens: Readonly<Record<string, RegExp>>;

  constructor(
    private readonly path: Path,
    private readonly middleware: Middleware,
    methods?: readonly string[] | null,
    name?: string | null,
  ) {
    this.template = parsePathTemplate(path);
    this.inline = Object.freeze(compileInlineConstraints(this.template));
    this.tokens = this.inline;
    const normalized = normalizeMethods(methods);
    this.methods = normalized === null ? null : Object.freeze(normalized);
    this.name = name ?? (normalized === null ? path : `${path}^${normalized.join(':')}`);
  }

  /** The path template, as given. */
  getPath(): Path {
    return this.path;
  }

  /** The middleware the route dispatches to. */
  getMiddleware(): Middleware {
    return this.middleware;
  }

  /** The listed methods (upper case), or `null` when the route answers any method. */
  getAllowedMethods(): readonly string[] | null {
    return this.methods;
  }

  /** True when the route was created without a method list. */
  allowsAnyMethod(): boolean {
    return this.methods === HTTP_METHOD_ANY;
  }

  /** Whether the route lists this method (or answers any). HEAD and OPTIONS are not implied. */
  allowsMethod(method: string): boolean {
    return this.methods === null || this.methods.includes(method.toUpperCase());
  }

  /** The route name (by default the path, or `path^GET:POST`). */
  getName(): string {
    return this.name;
  }

  /** Renames the route; call before adding it to a router. */
  setName(name: string): this {
    if (typeof name !== 'string' || name === '') {
      throw new RouterError(
        'FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS',
        'A route name must be a non-empty string.',
      );
    }
    this.name = name;
    return this;
  }

  /** The options set with `setOptions` (`tokens`, adapter-specific keys). */
  getOptions(): RouteOptions {
    return this.options;
  }

  /**
   * Replaces the options; `tokens` is checked here (valid and, unless `allowUnsafeRegex`, safe from
   * catastrophic backtracking) so a bad expression fails where it is written. A token for a placeholder
   * that already has an inline constraint is refused, naming the placeholder.
   */
  setOptions(options: RouteOptions): this {
    if (!isOptionsObject(options)) {
      throw new RouterError('FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS', 'Route options must be an object.');
    }
    const { allowUnsafeRegex } = options;
    if (allowUnsafeRegex !== undefined && typeof allowUnsafeRegex !== 'boolean') {
      throw routeError(this.path, 'option "allowUnsafeRegex" must be a boolean.');
    }
    const tokens = compileTokens(this.template, options.tokens, { allowUnsafeRegex });
    this.tokens = Object.freeze(mergeTokens(this.template, this.inline, tokens));
    this.options = Object.freeze({ ...options });
    return this;
  }

  /**
   * Anchored expressions from the inline constraints (`{id:\d+}`) and the `tokens` option, keyed by
   * placeholder name (null prototype): what an adapter checks decoded values against.
   */
  getTokens(): Readonly<Record<string, RegExp>> {
    return this.tokens;
  }
}
