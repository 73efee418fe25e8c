import { decodePathParam, type Route } from '@framework/router-contract';
import { compile, match } from 'path-to-regexp';
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

// Case-sensitive, no trailing-slash tolerance, whole path; decoding is ours so a bad `%` never throws.
const MATCH_OPTIONS = { sensitive: true, trailing: false, end: true, decode: false } as const;

/** Compiles one route with the options it carries now (its tokens and name are read here). */
export function compileRoute<M>(route: Route<M>, order: number): CompiledRoute<M> {
  const path = toPathToRegexp(route.template);
  const matcher = match<Record<string, string>>(path, MATCH_OPTIONS);
  const tokens = route.getTokens();
  const names = route.template.paramNames;
  return {
    route,
    order,
    methods: route.getAllowedMethods(),
    matchPath(requestPath) {
      const found = matcher(requestPath);
      if (found === false) return undefined;
      const params: Record<string, string> = Object.create(null);
      for (const name of names) {
        const value = decodePathParam(found.params[name] as string);
        if (value === undefined) return undefined;
        const token = tokens[name];
        if (token !== undefined && !token.test(value)) return undefined;
        params[name] = value;
      }
      return params;
    },
    buildPath: compile<Record<string, string>>(path, { encode: encodeURIComponent }),
  };
}
