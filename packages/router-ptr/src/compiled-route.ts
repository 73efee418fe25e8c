import {
  ParamReader,
  longestPath,
  segmentWalk,
  type MatchableRoute,
  type PathWalk,
  type Route,
} from '@framework/router-contract';
import { compile, pathToRegexp } from 'path-to-regexp';
import { toPathToRegexp, translate } from './to-path-to-regexp';

// Case-sensitive, no trailing-slash tolerance, whole path.
const REGEXP_OPTIONS = { sensitive: true, trailing: false, end: true } as const;
const NO_PARAMS: Readonly<Record<string, string>> = /* @__PURE__ */ Object.freeze(Object.create(null));

/**
 * A stored route with the expression path-to-regexp builds for it, made when the table compiles.
 * Decoding, tokens and `maxParamLength` are the contract's `ParamReader` (so a malformed `%` fails the
 * route instead of throwing path-to-regexp's URIError); tokens are read from the route at match time.
 * A path longer than the route can match within `maxParamLength` fails before the expression runs.
 * A route whose every placeholder fills a whole segment (`/post/{id}`) is matched by the contract's
 * `segmentWalk` instead, with the same answers.
 */
export class CompiledRoute<M> implements MatchableRoute<M> {
  readonly methods: readonly string[] | null;
  private readonly regexp: RegExp;
  private readonly reader: ParamReader;
  private readonly walk: PathWalk | undefined;
  private readonly longest: number;
  private builder: ((params: Record<string, string>) => string) | undefined;

  constructor(
    readonly route: Route<M>,
    maxParamLength: number,
  ) {
    const { source, captures } = translate(route.template);
    this.methods = route.getAllowedMethods();
    this.regexp = pathToRegexp(source, REGEXP_OPTIONS).regexp;
    this.reader = new ParamReader(captures, { maxLength: maxParamLength });
    this.walk = segmentWalk(route.template, this.reader);
    this.longest = longestPath(route.template, maxParamLength);
  }

  // This is the hot path of every lookup: change with care.
  matchPath(path: string): Readonly<Record<string, string>> | undefined {
    if (this.route.template.isStatic) return NO_PARAMS;
    if (path.length > this.longest) return undefined;
    const tokens = this.route.getTokens();
    if (this.walk !== undefined) return this.walk(path, tokens);
    const found = this.regexp.exec(path);
    return found === null ? undefined : this.reader.read(found, 1, tokens);
  }

  /** The params from the raw segments of a route whose placeholders fill whole segments (see `MatchableRoute`). */
  // This is the hot path of every lookup with placeholders: change with care.
  matchSegments(segments: readonly string[]): Readonly<Record<string, string>> | undefined {
    return this.reader.read(segments, 0, this.route.getTokens());
  }

  /**
   * path-to-regexp's `compile` of the template, made at the first `generateUri`; it encodes values
   * with `encodeURIComponent` by default.
   */
  buildPath(params: Record<string, string>): string {
    this.builder ??= compile<Record<string, string>>(toPathToRegexp(this.route.template, false).path);
    return this.builder(params);
  }
}
