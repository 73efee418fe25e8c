import {
  ParamReader,
  longestPath,
  renderTemplate,
  type MatchableRoute,
  type Route,
  type TemplateSyntax,
} from '@framework/router-contract';
import { Router as KoaRouter, type Layer } from '@koa/router';

// Case-sensitive, strict about the trailing slash (@koa/router defaults to neither).
const KOA_OPTIONS = { sensitive: true, strict: true } as const;

/** The @koa/router instance a table registers its routes with. */
export function createKoaRouter(): KoaRouter {
  return new KoaRouter(KOA_OPTIONS);
}
const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze(Object.create(null));

// @koa/router 15 reads path-to-regexp 8 syntax: escape what it reads as syntax, quote param names.
const RESERVED = /[{}()[\]+?!:*\\]/g;
const KOA_SYNTAX: TemplateSyntax = {
  literal: (text) => text.replace(RESERVED, '\\$&'),
  capture: (name) => `:"${name}"`,
};

function noop(): void {}

/**
 * A stored route registered with @koa/router, which compiles its path into a `Layer`; the adapter
 * runs that layer's expression. Decoding, tokens and `maxParamLength` are the contract's
 * `ParamReader`; a segment with two or more placeholders is captured whole and split by the contract's
 * rule. A path longer than the route can match within `maxParamLength` fails before the expression runs.
 */
export class KoaRoute<M> implements MatchableRoute<M> {
  private readonly layer: Layer;
  private readonly reader: ParamReader;
  private readonly longest: number;

  constructor(
    readonly route: Route<M>,
    /** The methods the route answers here (see `effectiveMethods`). */
    readonly methods: readonly string[],
    koa: KoaRouter,
    maxParamLength: number,
  ) {
    const { source, captures } = renderTemplate(route.template, KOA_SYNTAX);
    this.layer = koa.register(source, [...methods], noop) as Layer;
    this.reader = new ParamReader(captures, { maxLength: maxParamLength });
    this.longest = longestPath(route.template, maxParamLength);
  }

  // This is the hot path of every lookup: change with care.
  matchPath(path: string): Readonly<Record<string, string>> | undefined {
    if (this.route.template.isStatic) return NO_PARAMS;
    if (path.length > this.longest) return undefined;
    const found = this.layer.regexp.exec(path);
    return found === null ? undefined : this.reader.read(found, 1, this.route.getTokens());
  }
}
