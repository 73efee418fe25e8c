import fc from 'fast-check';

/** A generated route: a `{name}` template, a non-empty method list and optional tokens. */
export interface GeneratedRoute {
  readonly path: string;
  readonly methods: readonly string[];
  readonly tokens?: Readonly<Record<string, string>>;
}

export interface GeneratedRequest {
  readonly method: string;
  readonly path: string;
}

export interface GeneratedCase {
  readonly routes: readonly GeneratedRoute[];
  readonly requests: readonly GeneratedRequest[];
}

// Literal text from a small alphabet, with path-to-regexp and regex metacharacters and an escape.
const PIECES = ['a', 'b', 'ab', 'v1', '.', '-', '*', '(x)', ':', '+', '$', '%41', '[', '!'];
const SEPARATORS = ['-', '.', 'x', '~'];
const TOKENS = ['\\d+', '[a-z]+', 'a|b', '[^.]+'];
const VALUES = [
  '1',
  '42',
  'a',
  'ab',
  'b1',
  'x-y',
  'a.b',
  '-',
  '.',
  '%41',
  '%31',
  '%2F',
  '%zz',
  '%C3%A9',
  '*',
  '1~2',
];
const METHODS = ['GET', 'POST', 'PUT'];
const REQUEST_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'];

type SegmentSpec =
  | { readonly kind: 'static'; readonly text: string }
  | { readonly kind: 'param' }
  | { readonly kind: 'prefixed'; readonly text: string }
  | { readonly kind: 'suffixed'; readonly text: string }
  | { readonly kind: 'pair'; readonly text: string };

const staticText = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 2 })
  .map((pieces) => pieces.join(''));

const segment: fc.Arbitrary<SegmentSpec> = fc.oneof(
  { weight: 4, arbitrary: staticText.map((text) => ({ kind: 'static' as const, text })) },
  { weight: 3, arbitrary: fc.constant({ kind: 'param' as const }) },
  { weight: 1, arbitrary: staticText.map((text) => ({ kind: 'prefixed' as const, text })) },
  { weight: 1, arbitrary: staticText.map((text) => ({ kind: 'suffixed' as const, text })) },
  { weight: 1, arbitrary: fc.constantFrom(...SEPARATORS).map((text) => ({ kind: 'pair' as const, text })) },
);

interface RouteDraft {
  readonly segments: readonly SegmentSpec[];
  readonly methods: readonly string[];
  readonly tokens: readonly (string | null)[];
  /** Take an earlier route's segments with the one at `at` replaced by this draft's first segment. */
  readonly derive: { readonly from: number; readonly at: number } | null;
}

const draft: fc.Arbitrary<RouteDraft> = fc.record({
  segments: fc.array(segment, { minLength: 1, maxLength: 3 }),
  methods: fc.subarray(METHODS, { minLength: 1 }),
  tokens: fc.array(fc.option(fc.constantFrom(...TOKENS), { freq: 3 }), { minLength: 4, maxLength: 4 }),
  derive: fc.option(fc.record({ from: fc.nat(), at: fc.nat() }), { freq: 2 }),
});

function toRoute(segments: readonly SegmentSpec[], { methods, tokens }: RouteDraft): GeneratedRoute {
  let count = 0;
  const next = (): string => `p${count++}`;
  const path = segments
    .map((spec) => {
      if (spec.kind === 'static') return spec.text;
      if (spec.kind === 'param') return `{${next()}}`;
      if (spec.kind === 'prefixed') return `${spec.text}{${next()}}`;
      if (spec.kind === 'suffixed') return `{${next()}}${spec.text}`;
      return `{${next()}}${spec.text}{${next()}}`;
    })
    .join('/');
  const chosen: Record<string, string> = {};
  for (let i = 0; i < Math.min(count, tokens.length); i++)
    if (tokens[i] != null) chosen[`p${i}`] = tokens[i] as string;
  return Object.keys(chosen).length > 0
    ? { path: `/${path}`, methods, tokens: chosen }
    : { path: `/${path}`, methods };
}

// About half the routes are derived from an earlier one by changing one segment, so routes often share
// literal segments and compete for the same requests (the precedence between placeholder shapes).
function toRoutes(drafts: readonly RouteDraft[]): GeneratedRoute[] {
  const segments: (readonly SegmentSpec[])[] = [];
  for (const [i, each] of drafts.entries()) {
    if (each.derive === null || i === 0) {
      segments.push(each.segments);
      continue;
    }
    const base = [...(segments[each.derive.from % i] as readonly SegmentSpec[])];
    base[each.derive.at % base.length] = each.segments[0] as SegmentSpec;
    segments.push(base);
  }
  return drafts.map((each, i) => toRoute(segments[i] as readonly SegmentSpec[], each));
}

// Fills a route's placeholders with values, then maybe spoils the path (trailing slash, case, segment).
function request(routes: readonly GeneratedRoute[]): fc.Arbitrary<GeneratedRequest> {
  return fc
    .record({
      index: fc.nat({ max: routes.length - 1 }),
      values: fc.array(fc.constantFrom(...VALUES), { minLength: 4, maxLength: 4 }),
      change: fc.constantFrom('none', 'none', 'none', 'none', 'slash', 'upper', 'segment', 'drop'),
      method: fc.constantFrom(...REQUEST_METHODS),
    })
    .map(({ index, values, change, method }) => {
      let path = (routes[index] as GeneratedRoute).path.replace(
        /\{p(\d)\}/g,
        (_, i: string) => values[Number(i)] as string,
      );
      if (change === 'slash') path += '/';
      if (change === 'upper') path = path.toUpperCase();
      if (change === 'segment') path = path.replace(/\/[^/]*$/, '/zz');
      if (change === 'drop') path = path.replace(/\/[^/]*$/, '') || '/';
      return { method, path };
    });
}

/** Route tables of one to six routes (no two with the same path and a shared method) and requests built from them. */
export const generatedCase: fc.Arbitrary<GeneratedCase> = fc
  .array(draft, { minLength: 1, maxLength: 6 })
  .map(toRoutes)
  .map((routes) =>
    routes.filter(
      (each, i) =>
        !routes
          .slice(0, i)
          .some((other) => other.path === each.path && other.methods.some((m) => each.methods.includes(m))),
    ),
  )
  .chain((routes) =>
    fc.record({
      routes: fc.constant(routes),
      requests: fc.array(request(routes), { minLength: 1, maxLength: 8 }),
    }),
  );
