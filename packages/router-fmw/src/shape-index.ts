import FindMyWay from 'find-my-way';
import { allowsMethod, byPrecedence, type CompiledRoute } from './compiled-route';
import { treeParam } from './tree-param';
import type { WholeSegmentParams } from './whole-segment-params';

/** A route that may match a path reaching a shape, and whether find-my-way's params are its captures. */
export interface Candidate {
  readonly compiled: CompiledRoute;
  /** The route is of the shape find-my-way returned, and `compiled.readsTreeParams`. */
  readonly readsTreeParams: boolean;
  /** `compiled.wholeSegments` when `readsTreeParams`, else null. */
  readonly wholeSegments: WholeSegmentParams | null;
}

export interface Store {
  /** Per segment of the shape: 0 literal, 1 parameter; and the literal text of each literal segment. */
  readonly kinds: readonly number[];
  readonly literals: readonly string[];
  /** How many characters of a matching path are the shape's literal text (slashes included). */
  readonly literalLength: number;
  /** How many parameters the shape has. */
  readonly params: number;
  /** The routes of this shape, in registration order. */
  readonly routes: CompiledRoute[];
  /**
   * Per listed method (`null`: a method no route lists), the routes allowing it that a path reaching
   * this shape may match, in the contract's precedence; built at first use.
   */
  readonly candidates: Map<string | null, readonly Candidate[]>;
  /** `candidates` for GET, the most common method, read without a `Map` lookup; built at first use. */
  get: readonly Candidate[] | undefined;
}

/** find-my-way's answer for a path: the shape's store, and one raw value per parameter (`p0`, `p1`...). */
export interface ShapeMatch {
  readonly store: Store;
  readonly params: Readonly<Record<string, string>>;
}

const noop = (): void => undefined;
const NO_QUERY: Record<string, string> = Object.freeze(Object.create(null));

/**
 * One find-my-way tree of route shapes: each segment with a placeholder is a whole-segment parameter
 * (`/p/:p0`), so `/p/{id}`, `/p/v{n}` and `/p/{name}.json` share one shape. Every shape is registered
 * once (under GET: the method only picks candidates).
 *
 * find-my-way returns the first shape that fits the path, in its order: segment by segment, a literal
 * segment before a parameter. The contract's precedence also ranks the placeholder segments among
 * themselves (`v{n}` before `{x}`), so the best route may sit in a shape find-my-way tries later
 * (`/p/v{n}/{x}` under `/p/:p0/:p1`, after `/p/:p0/edit`). A shape's candidates are therefore its own
 * routes and those of every shape a path reaching it may also fit, sorted by the contract's precedence
 * then registration order: the first that matches (params, tokens) is the answer, and when none does
 * no route allowing the method matches the path. When no shape fits, no placeholder route matches.
 */
export class ShapeIndex {
  // The path's "?" is escaped, so find-my-way's query string is always empty: skip its parser, which
  // would allocate an object per lookup.
  private readonly tree = FindMyWay({ maxParamLength: Infinity, querystringParser: () => NO_QUERY });
  private readonly stores = new Map<string, Store>();

  /**
   * @param listed Every method some route lists: the methods with candidate lists of their own.
   */
  constructor(private readonly listed: ReadonlySet<string>) {}

  /** Adds a route; every route is added before the first `find`. */
  add(compiled: CompiledRoute): void {
    const store = this.stores.get(compiled.shape);
    if (store !== undefined) {
      store.routes.push(compiled);
      return;
    }
    const { kinds, literals } = compiled;
    const created: Store = {
      kinds,
      literals,
      literalLength: literals.reduce((sum, literal) => sum + literal.length, kinds.length - 1),
      params: kinds.filter((kind) => kind === 1).length,
      routes: [compiled],
      candidates: new Map(),
      get: undefined,
    };
    this.stores.set(compiled.shape, created);
    this.tree.on('GET', compiled.shape, noop, created);
  }

  /**
   * The shape find-my-way finds for the path, or null when none fits. Given the path as received,
   * find-my-way may decode or cut it (`matchedAsReceived` tells); given it through `escapeTreePath`, never.
   */
  // This is the hot path of every lookup with placeholders: change with care.
  find(path: string): ShapeMatch | null {
    return this.tree.find('GET', path) as ShapeMatch | null;
  }

  /** The candidates of a found shape for a method. */
  // This is the hot path of every lookup with placeholders: change with care.
  candidates(store: Store, method: string): readonly Candidate[] {
    if (method === 'GET') return store.get ?? (store.get = this.candidatesOf(store, method));
    return store.candidates.get(method) ?? this.candidatesOf(store, method);
  }

  private candidatesOf(store: Store, method: string): readonly Candidate[] {
    const key = this.listed.has(method) ? method : null;
    const known = store.candidates.get(key);
    if (known !== undefined) return known;
    const routes: CompiledRoute[] = [];
    for (const other of this.stores.values())
      if (other === store || alsoFits(store, other)) routes.push(...other.routes);
    const candidates = routes
      .filter((compiled) => allowsMethod(compiled, method))
      .sort(byPrecedence)
      .map((compiled) => {
        const readsTreeParams = compiled.readsTreeParams && store.routes.includes(compiled);
        return {
          compiled,
          readsTreeParams,
          wholeSegments: readsTreeParams ? compiled.wholeSegments : null,
        };
      });
    store.candidates.set(key, candidates);
    return candidates;
  }
}

/**
 * Whether a path for which find-my-way returns `first` may fit `other` too: as many segments, the same
 * text where both segments are literal, and at the first segment where one is literal and the other a
 * parameter, `other` has the parameter (had it the literal, find-my-way would have returned it).
 */
function alsoFits(first: Store, other: Store): boolean {
  if (first.kinds.length !== other.kinds.length) return false;
  let differed = false;
  for (let i = 0; i < first.kinds.length; i++) {
    const a = first.kinds[i];
    const b = other.kinds[i];
    if (a === 0 && b === 0) {
      if (first.literals[i] !== other.literals[i]) return false;
    } else if (a !== b && !differed) {
      if (b === 0) return false;
      differed = true;
    }
  }
  return true;
}

/**
 * Whether find-my-way matched the path as received: decoding an escape or cutting at `?`/`#`
 * shortens the text it matches, and decoding a parameter shortens the parameter, so the shape's
 * literal text and the parameters add up to the path's length exactly when none of it happened. Then
 * the answer is the one for the escaped path, and no parameter holds a `%`.
 */
// This is the hot path of every lookup with placeholders: change with care.
export function matchedAsReceived(found: ShapeMatch, path: string): boolean {
  const { store, params } = found;
  let length = store.literalLength;
  for (let i = 0; i < store.params; i++) length += (treeParam(params, i) as string).length;
  return length === path.length;
}

const ESCAPES: Readonly<Record<string, string>> = { '%': '%25', '?': '%3F', '#': '%23' };

/**
 * Whether the path holds a character find-my-way would decode (`%`) or cut at (`?`, `#`): such a
 * path goes to find-my-way through `escapeTreePath`, any other as it is.
 */
// This is the hot path of every lookup with placeholders: change with care.
export function needsTreeEscape(path: string): boolean {
  return path.indexOf('%') !== -1 || path.indexOf('?') !== -1 || path.indexOf('#') !== -1;
}

/**
 * find-my-way decodes the path and splits off `?`/`#`. Escaping `%` (and `?`, `#`) first makes its
 * decoding give back the path as received, so literal text compares raw, parameters come back raw,
 * and a malformed escape never reaches it.
 */
export function escapeTreePath(path: string): string {
  return path.replace(/[%?#]/g, (char) => ESCAPES[char] as string);
}
