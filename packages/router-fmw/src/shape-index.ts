import FindMyWay from 'find-my-way';
import { byPrecedence, type CompiledRoute } from './compiled-route';

interface Store {
  /** Per segment of the shape: 0 literal, 1 parameter; and the literal text of each literal segment. */
  readonly kinds: readonly number[];
  readonly literals: readonly string[];
  /** The routes of this shape, in registration order. */
  readonly routes: CompiledRoute[];
  /** Every route a path reaching this shape may match, in the contract's precedence; built at first use. */
  candidates: readonly CompiledRoute[] | null;
}

const noop = (): void => undefined;

/**
 * One find-my-way tree of route shapes: each segment with a placeholder is a whole-segment parameter
 * (`/p/:s2`), so `/p/{id}`, `/p/v{n}` and `/p/{name}.json` share one shape. Every shape is registered
 * once (under GET: the method is chosen by which index is asked).
 *
 * find-my-way returns the first shape that fits the path, in its order: segment by segment, a literal
 * segment before a parameter. The contract's precedence also ranks the placeholder segments among
 * themselves (`v{n}` before `{x}`), so the best route may sit in a shape find-my-way tries later
 * (`/p/v{n}/{x}` under `/p/:s2/:s3`, after `/p/:s2/edit`). A shape's candidates are therefore its own
 * routes and those of every shape a path reaching it may also fit, sorted by the contract's precedence
 * then registration order: the first that matches (regex, tokens, method) is the answer, and when none
 * does no route matches the path.
 */
export class ShapeIndex {
  private readonly tree = FindMyWay({ maxParamLength: Infinity });
  private readonly stores = new Map<string, Store>();

  /** Adds a route; every route is added before the first `find`. */
  add(compiled: CompiledRoute): void {
    const store = this.stores.get(compiled.shape);
    if (store !== undefined) {
      store.routes.push(compiled);
      return;
    }
    const { kinds, literals } = compiled;
    const created: Store = { kinds, literals, routes: [compiled], candidates: null };
    this.stores.set(compiled.shape, created);
    this.tree.on('GET', compiled.shape, noop, created);
  }

  /**
   * The routes that may match the path, in the contract's precedence, or null when no shape fits.
   * `path` must be escaped with `toTreePath`.
   */
  // This is the hot path of every lookup with placeholders: change with care.
  find(treePath: string): readonly CompiledRoute[] | null {
    if (this.stores.size === 0) return null;
    const found = this.tree.find('GET', treePath);
    if (found === null) return null;
    const store = found.store as Store;
    return store.candidates ?? this.candidatesOf(store);
  }

  private candidatesOf(store: Store): readonly CompiledRoute[] {
    const candidates: CompiledRoute[] = [];
    for (const other of this.stores.values())
      if (other === store || alsoFits(store, other)) candidates.push(...other.routes);
    candidates.sort(byPrecedence);
    store.candidates = candidates;
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

const ESCAPES: Readonly<Record<string, string>> = { '%': '%25', '?': '%3F', '#': '%23' };

/**
 * find-my-way decodes the path and splits off `?`/`#`. Escaping `%` (and `?`, `#`) first makes its
 * decoding give back the path as received, so literal text compares raw, and a malformed escape
 * never reaches it.
 */
// This is the hot path of every lookup with placeholders: change with care.
export function toTreePath(path: string): string {
  return path.indexOf('%') === -1 && path.indexOf('?') === -1 && path.indexOf('#') === -1
    ? path
    : path.replace(/[%?#]/g, (char) => ESCAPES[char] as string);
}
