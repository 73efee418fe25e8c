import { decodePathParam, type Route } from '@framework/router-contract';

/** A route prepared for matching: its registration index, methods and a matcher over the raw path. */
export interface CompiledRoute {
  readonly route: Route;
  readonly index: number;
  /** `null`: any method. */
  readonly methods: readonly string[] | null;
  readonly isStatic: boolean;
  /** Number of `/` in the template, equal to that of every path it matches. */
  readonly slashes: number;
  /** Per segment: 0 literal, 1 handed to find-my-way as a parameter. Orders the fallback scan. */
  readonly kinds: readonly number[];
  /** The template in find-my-way syntax (`/post/:s1`); static routes never reach find-my-way. */
  readonly shape: string;
  readonly regex: RegExp | null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function countSlashes(path: string): number {
  let count = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) count++;
  return count;
}

// A segment holding a placeholder or a "*" (find-my-way's wildcard, which it cannot take as text)
// becomes a whole-segment find-my-way parameter; the adapter's own regex checks it. Literal
// segments stay literal, with ":" written "::" as find-my-way wants.
function segmentIsParam(segment: string): boolean {
  return segment.includes('{') || segment.includes('*');
}

export function compileRoute(route: Route, index: number): CompiledRoute {
  const { template } = route;
  const segments = template.source.split('/');
  const kinds = segments.map((segment) => (segmentIsParam(segment) ? 1 : 0));
  const shape = segments
    .map((segment, i) => (kinds[i] === 1 ? `:s${i}` : segment.replaceAll(':', '::')))
    .join('/');
  const regex = template.isStatic
    ? null
    : new RegExp(
        `^${template.parts.map((part) => (part.kind === 'static' ? escapeRegExp(part.text) : '([^/]+)')).join('')}$`,
      );
  return {
    route,
    index,
    methods: route.getAllowedMethods(),
    isStatic: template.isStatic,
    slashes: segments.length - 1,
    kinds,
    shape,
    regex,
  };
}

export function allowsMethod(compiled: CompiledRoute, method: string): boolean {
  return compiled.methods === null || compiled.methods.includes(method);
}

/**
 * Params of a placeholder route for a raw path, or `undefined` when the path does not match: wrong
 * shape, a value longer than `maxParamLength`, a malformed escape, or a failing token.
 */
export function matchParams(
  compiled: CompiledRoute,
  path: string,
  maxParamLength: number,
): Record<string, string> | undefined {
  const found = (compiled.regex as RegExp).exec(path);
  if (found === null) return undefined;
  const names = compiled.route.template.paramNames;
  const tokens = compiled.route.getTokens();
  const params: Record<string, string> = Object.create(null);
  for (let i = 0; i < names.length; i++) {
    const raw = found[i + 1] as string;
    if (raw.length > maxParamLength) return undefined;
    const value = decodePathParam(raw);
    if (value === undefined) return undefined;
    const name = names[i] as string;
    const token = tokens[name];
    if (token !== undefined && !token.test(value)) return undefined;
    params[name] = value;
  }
  return params;
}

/** Fallback order: segment by segment literal before parameter (find-my-way's order), then registration. */
export function byPrecedence(a: CompiledRoute, b: CompiledRoute): number {
  for (let i = 0; i < a.kinds.length && i < b.kinds.length; i++) {
    const diff = (a.kinds[i] as number) - (b.kinds[i] as number);
    if (diff !== 0) return diff;
  }
  return a.index - b.index;
}
