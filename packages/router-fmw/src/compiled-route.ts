import {
  ParamReader,
  comparePrecedence,
  longestPath,
  templateRegExp,
  type MatchableRoute,
  type Route,
} from '@framework/router-contract';

/** A route prepared for matching: its registration index, methods and a matcher over the raw path. */
export interface CompiledRoute extends MatchableRoute {
  readonly route: Route;
  readonly index: number;
  /** `null`: any method. */
  readonly methods: readonly string[] | null;
  readonly isStatic: boolean;
  /** Per segment: 0 literal, 1 handed to find-my-way as a parameter. */
  readonly kinds: readonly number[];
  /** Per segment: the literal text (`''` for a segment handed to find-my-way as a parameter). */
  readonly literals: readonly string[];
  /** The template in find-my-way syntax (`/post/:s1`); static routes never reach find-my-way. */
  readonly shape: string;
  /** The template over the raw path (a segment with two or more placeholders is one group). */
  readonly regex: RegExp | null;
  /** Decodes the groups, checks tokens and `maxParamLength`, splits multi-placeholder segments. */
  readonly reader: ParamReader | null;
  /** The longest path the template matches within `maxParamLength`: a longer one skips the regex. */
  readonly longest: number;
}

// A segment holding a placeholder or a "*" (find-my-way's wildcard, which it cannot take as text)
// becomes a whole-segment find-my-way parameter; the adapter's own regex checks it. Literal
// segments stay literal, with ":" written "::" as find-my-way wants.
const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze(Object.create(null));

function segmentIsParam(segment: string): boolean {
  return segment.includes('{') || segment.includes('*');
}

export function compileRoute(route: Route, index: number, maxParamLength: number): CompiledRoute {
  const { template } = route;
  const segments = template.source.split('/');
  const kinds = segments.map((segment) => (segmentIsParam(segment) ? 1 : 0));
  const shape = segments
    .map((segment, i) => (kinds[i] === 1 ? `:s${i}` : segment.replaceAll(':', '::')))
    .join('/');
  const pattern = template.isStatic ? null : templateRegExp(template);
  return {
    route,
    index,
    methods: route.getAllowedMethods(),
    isStatic: template.isStatic,
    kinds,
    literals: segments.map((segment, i) => (kinds[i] === 1 ? '' : segment)),
    shape,
    regex: pattern === null ? null : pattern.regexp,
    reader: pattern === null ? null : new ParamReader(pattern.captures, { maxLength: maxParamLength }),
    longest: longestPath(template, maxParamLength),
    matchPath(path) {
      return this.isStatic ? NO_PARAMS : matchParams(this, path);
    },
  };
}

export function allowsMethod(compiled: CompiledRoute, method: string): boolean {
  return compiled.methods === null || compiled.methods.includes(method);
}

/**
 * Params of a placeholder route for a raw path, or `undefined` when the path does not match: wrong
 * shape, a value longer than `maxParamLength`, a malformed escape, or a failing token.
 */
// This is the hot path of every lookup with placeholders: change with care.
export function matchParams(compiled: CompiledRoute, path: string): Record<string, string> | undefined {
  if (path.length > compiled.longest) return undefined;
  const found = (compiled.regex as RegExp).exec(path);
  if (found === null) return undefined;
  return (compiled.reader as ParamReader).read(found, 1, compiled.route.getTokens());
}

/** The contract's precedence (`comparePrecedence`), then registration order. */
export function byPrecedence(a: CompiledRoute, b: CompiledRoute): number {
  return comparePrecedence(a.route.template, b.route.template) || a.index - b.index;
}
