import { decodePathParam, type Route } from '@framework/router-contract';
import { compile, pathToRegexp } from 'path-to-regexp';
import { splitSegment } from './split-segment';
import { toPathToRegexp } from './to-path-to-regexp';

/** A stored route with its path-to-regexp matcher and builder, made when the table compiles. */
export interface CompiledRoute<M> {
  readonly route: Route<M>;
  /** Registration order, for the allowed methods of a method failure. */
  readonly order: number;
  readonly methods: readonly string[] | null;
  /** Decoded params when the path matches and every token holds, else `undefined`. */
  readonly matchPath: (path: string) => Record<string, string> | undefined;
  readonly buildPath: (params: Record<string, string>) => string;
}

// Case-sensitive, no trailing-slash tolerance, whole path.
const REGEXP_OPTIONS = { sensitive: true, trailing: false, end: true } as const;

/**
 * Compiles one route with the options it carries now (its tokens and name are read here). Matching
 * runs the expression path-to-regexp builds; decoding is ours (the contract's `decodePathParam`), so a
 * malformed `%` fails the route instead of throwing path-to-regexp's URIError.
 */
export function compileRoute<M>(route: Route<M>, order: number): CompiledRoute<M> {
  const { path, joined } = toPathToRegexp(route.template);
  const { regexp, keys } = pathToRegexp(path, REGEXP_OPTIONS);
  const names = keys.map((key) => key.name);
  const tokens = route.getTokens();
  const hasTokens = Object.keys(tokens).length > 0;
  return {
    route,
    order,
    methods: route.getAllowedMethods(),
    matchPath(requestPath) {
      const found = regexp.exec(requestPath);
      if (found === null) return undefined;
      const params: Record<string, string> = Object.create(null);
      for (let i = 0; i < names.length; i++) {
        const name = names[i] as string;
        const parts = joined[name];
        if (parts !== undefined) {
          if (!splitSegment(found[i + 1] as string, parts, tokens, params)) return undefined;
          continue;
        }
        const value = decodePathParam(found[i + 1] as string);
        if (value === undefined) return undefined;
        if (hasTokens && tokens[name] !== undefined && !(tokens[name] as RegExp).test(value))
          return undefined;
        params[name] = value;
      }
      return params;
    },
    buildPath: compile<Record<string, string>>(toPathToRegexp(route.template, false).path, {
      encode: encodeURIComponent,
    }),
  };
}
