import {
  ParamReader,
  comparePrecedence,
  RouteResult,
  longestPath,
  templateRegExp,
  templateSegments,
  type MatchableRoute,
  type Route,
} from '@framework/router-contract';
import { treeParamKey, treeParamKeys } from './tree-param';
import { WholeSegmentParams } from './whole-segment-params';

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
  /** The template in find-my-way syntax (`/post/:p0`); static routes never reach find-my-way. */
  readonly shape: string;
  /**
   * Whether find-my-way's parameters of `shape` are the captures of `reader`, in order: every
   * parameter segment is one placeholder or a segment of two or more (none mixes one placeholder with
   * literal text, none is a literal holding `*`).
   */
  readonly readsTreeParams: boolean;
  /**
   * Set when every parameter segment of `shape` is one placeholder filling the segment
   * (`/repos/{owner}/{repo}`): reads the params from find-my-way's without the general `reader`.
   */
  readonly wholeSegments: WholeSegmentParams | null;
  /** The result of every match of a route without placeholders (immutable, its params empty). */
  readonly staticResult: RouteResult | null;
  /** The template over the raw path (a segment with two or more placeholders is one group). */
  readonly regex: RegExp | null;
  /** Decodes the groups, checks tokens and `maxParamLength`, splits multi-placeholder segments. */
  readonly reader: ParamReader | null;
  /** The longest path the template matches within `maxParamLength`: a longer one skips the regex. */
  readonly longest: number;
}

// A segment holding a placeholder or a "*" (find-my-way's wildcard, which it cannot take as text)
// becomes a whole-segment find-my-way parameter named by its position among them (`:p0`, `:p1`), so
// find-my-way's params are the captures in order. Literal segments stay literal, with
// ":" written "::" as find-my-way wants.
const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze(Object.create(null));

function segmentIsParam(segment: string): boolean {
  return segment.includes('{') || segment.includes('*');
}

// How a template segment meets find-my-way's parameters: a literal segment stays literal; a segment
// of one placeholder, of two or more, or of anything else (`v{n}`, `{id}.json`, a literal holding
// "*") is one find-my-way parameter, which is the placeholder's value, the values to split, or
// neither (the route's regex reads it).
const TreeSegment = { Literal: 0, Whole: 1, Split: 2, Other: 3 } as const;

export function compileRoute(route: Route, index: number, maxParamLength: number): CompiledRoute {
  const { template } = route;
  const segments = template.source.split('/');
  const kinds = segments.map((segment) => (segmentIsParam(segment) ? 1 : 0));
  let params = 0;
  const shape = segments
    .map((segment, i) => (kinds[i] === 1 ? `:${treeParamKey(params++)}` : segment.replaceAll(':', '::')))
    .join('/');
  const treeSegments = templateSegments(template).map((segment) =>
    segment.params === 0
      ? segment.source.includes('*')
        ? TreeSegment.Other
        : TreeSegment.Literal
      : segment.params === 1 && segment.parts.length === 1
        ? TreeSegment.Whole
        : segment.params > 1
          ? TreeSegment.Split
          : TreeSegment.Other,
  );
  const readsTreeParams = !treeSegments.includes(TreeSegment.Other);
  const whole = readsTreeParams && !treeSegments.includes(TreeSegment.Split);
  const pattern = template.isStatic ? null : templateRegExp(template);
  return {
    route,
    index,
    methods: route.getAllowedMethods(),
    isStatic: template.isStatic,
    kinds,
    literals: segments.map((segment, i) => (kinds[i] === 1 ? '' : segment)),
    shape,
    readsTreeParams,
    wholeSegments:
      whole && !template.isStatic ? new WholeSegmentParams(template.paramNames, maxParamLength) : null,
    staticResult: template.isStatic ? RouteResult.fromRoute(route) : null,
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

/**
 * Params of a route whose `readsTreeParams` holds, from find-my-way's params for the path (raw
 * segments, as `escapeTreePath` escapes the path), or `undefined` when a value is empty, too long,
 * malformed or fails its token: the same answer as `matchParams` without running the route's regex.
 */
// This is the hot path of every lookup with placeholders: change with care.
export function readTreeParams(
  compiled: CompiledRoute,
  treeParams: Readonly<Record<string, string>>,
): Record<string, string> | undefined {
  return (compiled.reader as ParamReader).readKeyed(treeParams, treeParamKeys(), compiled.route.getTokens());
}

/** The contract's precedence (`comparePrecedence`), then registration order. */
export function byPrecedence(a: CompiledRoute, b: CompiledRoute): number {
  return comparePrecedence(a.route.template, b.route.template) || a.index - b.index;
}
