import type { CompiledRoute } from './compiled-route';

// Per path length, four 32-bit words: one bit per last character (its code modulo 128).
const WORDS_PER_LENGTH = 4;

/**
 * The routes without placeholders, by template. Most paths a table is asked for are no literal
 * route's text, and a `Map` lookup hashes and compares them all the same: a bitmap of the literal
 * routes' (length, last character) pairs turns most of those away first, for the price of one load.
 */
export class LiteralRoutes {
  private readonly byPath = new Map<string, CompiledRoute[]>();
  private readonly seen: Uint32Array;

  constructor(routes: readonly CompiledRoute[]) {
    let longest = -1;
    for (const each of routes) {
      const path = each.route.template.source;
      const list = this.byPath.get(path);
      if (list === undefined) this.byPath.set(path, [each]);
      else list.push(each);
      longest = Math.max(longest, path.length);
    }
    this.seen = new Uint32Array((longest + 1) * WORDS_PER_LENGTH);
    for (const path of this.byPath.keys()) {
      const code = path.charCodeAt(path.length - 1) & 127;
      this.seen[path.length * WORDS_PER_LENGTH + (code >> 5)]! |= 1 << (code & 31);
    }
  }

  /** The literal routes whose text is the path, in registration order, or `undefined`. */
  // This is the hot path of every lookup: change with care.
  get(path: string): readonly CompiledRoute[] | undefined {
    const code = path.charCodeAt(path.length - 1) & 127;
    const index = path.length * WORDS_PER_LENGTH + (code >> 5);
    if (index >= this.seen.length || ((this.seen[index] as number) & (1 << (code & 31))) === 0)
      return undefined;
    return this.byPath.get(path);
  }
}
