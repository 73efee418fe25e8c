import FindMyWay from 'find-my-way';
import type { CompiledRoute } from './compiled-route';

interface Store {
  readonly candidates: CompiledRoute[];
}

const noop = (): void => undefined;

/**
 * One find-my-way tree of route shapes. Every shape is registered once (under GET: the method is
 * chosen by which index is asked); routes sharing a shape are its candidates, in registration order.
 */
export class ShapeIndex {
  private readonly tree = FindMyWay({ maxParamLength: Infinity });
  private readonly stores = new Map<string, Store>();

  add(compiled: CompiledRoute): void {
    const store = this.stores.get(compiled.shape);
    if (store !== undefined) {
      store.candidates.push(compiled);
      return;
    }
    const created: Store = { candidates: [compiled] };
    this.stores.set(compiled.shape, created);
    this.tree.on('GET', compiled.shape, noop, created);
  }

  /** Candidates of the first shape find-my-way matches, or null. `path` must be escaped with `toTreePath`. */
  find(treePath: string): readonly CompiledRoute[] | null {
    if (this.stores.size === 0) return null;
    const found = this.tree.find('GET', treePath);
    return found === null ? null : (found.store as Store).candidates;
  }
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
