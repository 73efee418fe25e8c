import { decodePathParam, type Route, type TemplatePart } from '@framework/router-contract';
import { Router as KoaRouter, type Layer } from '@koa/router';
import { splitSegment } from './split-segment';
import { toPathToRegexp } from './to-path-to-regexp';

/** A stored route with the methods it answers here. */
export interface ExplicitRoute<M> {
  readonly route: Route<M>;
  /** Registration order, for the allowed methods of a method failure. */
  readonly order: number;
  readonly methods: readonly string[];
}

/** The outcome of matching one bucket: a route with decoded params, and the routes that matched the path only. */
export interface BucketMatch<M> {
  readonly found?: { readonly entry: ExplicitRoute<M>; readonly params: Record<string, string> };
  readonly pathOnly: readonly ExplicitRoute<M>[];
}

// Case-sensitive, strict about the trailing slash (@koa/router defaults to neither).
const KOA_OPTIONS = { sensitive: true, strict: true } as const;

function noop(): void {}

/**
 * One @koa/router instance holding the routes of one index bucket, in registration order, so the
 * library scans only the routes that can match.
 */
export class KoaBucket<M> {
  private readonly router = new KoaRouter(KOA_OPTIONS);
  private readonly entries = new Map<Layer, ExplicitRoute<M>>();
  private readonly checks = new Map<Layer, ParamChecks>();

  constructor(entries: readonly ExplicitRoute<M>[]) {
    for (const entry of entries) {
      const { path, joined } = toPathToRegexp(entry.route.template);
      const layer = this.router.register(path, [...entry.methods], noop) as Layer;
      // @koa/router adds HEAD to every GET route; this router answers exactly the listed methods.
      layer.methods = [...entry.methods];
      this.entries.set(layer, entry);
      this.checks.set(layer, { tokens: entry.route.getTokens(), joined });
    }
  }

  /** Matches with @koa/router, then decodes params and applies tokens; a rejected route is skipped. */
  match(path: string, method: string): BucketMatch<M> {
    const { path: layers, pathAndMethod } = this.router.match(path, method);
    const pathOnly: ExplicitRoute<M>[] = [];
    for (const layer of layers) {
      const params = decodeParams(layer as Layer, path, this.checks.get(layer) as ParamChecks);
      if (params === undefined) continue;
      const entry = this.entries.get(layer) as ExplicitRoute<M>;
      if (pathAndMethod.includes(layer)) return { found: { entry, params }, pathOnly };
      pathOnly.push(entry);
    }
    return { pathOnly };
  }
}

interface ParamChecks {
  readonly tokens: Readonly<Record<string, RegExp>>;
  readonly joined: Readonly<Record<string, readonly TemplatePart[]>>;
}

function decodeParams(
  layer: Layer,
  path: string,
  { tokens, joined }: ParamChecks,
): Record<string, string> | undefined {
  const captures = layer.captures(path);
  const params: Record<string, string> = Object.create(null);
  for (let i = 0; i < layer.paramNames.length; i++) {
    const name = (layer.paramNames[i] as { name: string }).name;
    const parts = joined[name];
    if (parts !== undefined) {
      if (!splitSegment(captures[i] as string, parts, tokens, params)) return undefined;
      continue;
    }
    const value = decodePathParam(captures[i] as string);
    if (value === undefined) return undefined;
    const token = tokens[name];
    if (token !== undefined && !token.test(value)) return undefined;
    params[name] = value;
  }
  return params;
}
