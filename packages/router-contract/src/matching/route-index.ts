import type { PathTemplate } from '../path-template';
import { compareShapes, shapeBounds } from './segment-shape';
import { templateSegments } from './template-segments';

/** Up to this many literal edges a node compares in place; past it, a hash keyed by segment. */
const FEW_LITERALS = 8;

interface IndexNode<R> {
  /** The literal segments of the edges, and the node each leads to (same index). */
  readonly literals: string[];
  readonly children: IndexNode<R>[];
  /** The literal edges keyed by segment, once there are more than `FEW_LITERALS`. */
  byLiteral: Map<string, IndexNode<R>> | null;
  readonly patterns: PatternEdge<R>[];
  readonly entries: R[];
  /** Whether every placeholder on the way here fills its segment (`{}`): the bucket gets their values. */
  readonly wholeSegments: boolean;
}

interface PatternEdge<R> {
  readonly shape: string;
  readonly prefix: string;
  readonly suffix: string;
  readonly minLength: number;
  readonly node: IndexNode<R>;
}

/**
 * What `find` hands each bucket: the path, and, where every placeholder of the bucket's routes fills
 * a whole segment, the raw segment each faces (`segments[i]` for the i-th placeholder, as received,
 * still percent-encoded; valid during the call only), else `undefined`.
 */
export type BucketProbe<R, T> = (
  bucket: readonly R[],
  path: string,
  segments: readonly string[] | undefined,
) => T | undefined;

function createNode<R>(wholeSegments: boolean): IndexNode<R> {
  return { literals: [], children: [], byLiteral: null, patterns: [], entries: [], wholeSegments };
}

/**
 * Narrows a lookup to the routes that can match a path, for adapters whose library matches one route
 * (or one small list of routes) at a time. Routes without placeholders sit in a hash keyed by path;
 * the others in a tree keyed by segment (see `templateSegments`), where a segment is either literal
 * (an edge compared in place, hashed when a node has many) or a shape with placeholders (`{}`, `v{}`,
 * `{}.json`, ...). A placeholder never spans a `/`, so a path only ever reaches routes with as many
 * segments. The index does not match: the caller does, one bucket (the routes of one static path or
 * one tree leaf, in the order given) at a time.
 *
 * Buckets come in the contract's precedence (`comparePrecedence`): the static path's bucket, then the
 * tree depth first with, at each segment, the literal edge before the placeholder shapes, those ordered
 * by rule (2) and (3) of the precedence (more literal text first: `{}.json`, then `v{}`, then `{}`); a bucket holds routes
 * of one shape in the order given. Build one index per method from the routes that allow it, in
 * registration order, and the first bucket entry that matches is the contract's answer.
 *
 * A bucket reached only through literal segments and placeholders filling whole segments
 * (`/post/{id}`) comes with the raw segment of each placeholder: the walk has already checked the
 * literal segments and the segment count, so the caller needs only to read the values.
 *
 * @example
 * const index = new RouteIndex(entries, (entry) => entry.route.template);
 * const result = index.find(path, (bucket, path) => firstMatch(bucket, path)); // undefined: none
 */
export class RouteIndex<R> {
  private readonly statics = new Map<string, readonly R[]>();
  /** 1 at each length some route without placeholders has: a path of another length skips the hash. */
  private readonly staticLengths: Uint8Array;
  private readonly root: IndexNode<R> | null;
  /** The raw values of the whole-segment placeholders on the way down, reused by every lookup. */
  private readonly segments: string[] = [];

  constructor(entries: Iterable<R>, templateOf: (entry: R) => PathTemplate) {
    let root: IndexNode<R> | null = null;
    for (const entry of entries) {
      const template = templateOf(entry);
      if (template.isStatic) {
        const bucket = this.statics.get(template.source) as R[] | undefined;
        if (bucket === undefined) this.statics.set(template.source, [entry]);
        else bucket.push(entry);
        continue;
      }
      let node = (root ??= createNode(true));
      for (const segment of templateSegments(template)) {
        node = segment.params > 0 ? patternChild(node, segment.shape) : staticChild(node, segment.source);
      }
      node.entries.push(entry);
    }
    this.root = root;
    let longest = -1;
    for (const source of this.statics.keys()) longest = Math.max(longest, source.length);
    this.staticLengths = new Uint8Array(longest + 1);
    for (const source of this.statics.keys()) this.staticLengths[source.length] = 1;
  }

  // Hashing a path the runtime has just made costs more than the walk: look it up only when some
  // route without placeholders is as long.
  private exact(path: string): readonly R[] | undefined {
    const length = path.length;
    const lengths = this.staticLengths;
    return length < lengths.length && lengths[length] === 1 ? this.statics.get(path) : undefined;
  }

  /**
   * Calls `probe` with each bucket that may match `path`, in precedence order, and returns its first
   * result other than `undefined`. Pass a function made once, not a closure per lookup.
   */
  // This is the hot path of every lookup: change with care.
  find<T>(path: string, probe: BucketProbe<R, T>): T | undefined {
    const exact = this.exact(path);
    if (exact !== undefined) {
      const found = probe(exact, path, undefined);
      if (found !== undefined) return found;
    }
    return this.root === null ? undefined : findIn(this.root, path, 1, probe, this.segments, 0);
  }

  /** Calls `visit` with every bucket that may match `path`, in the same order as `find`. */
  forEach<A>(path: string, visit: (bucket: readonly R[], path: string, acc: A) => void, acc: A): void {
    // A probe that never answers makes `find` go through every bucket.
    this.find(path, (bucket, path) => {
      visit(bucket, path, acc);
    });
  }
}

function staticChild<R>(node: IndexNode<R>, segment: string): IndexNode<R> {
  const at = node.literals.indexOf(segment);
  if (at !== -1) return node.children[at] as IndexNode<R>;
  const child = createNode<R>(node.wholeSegments);
  node.literals.push(segment);
  node.children.push(child);
  if (node.byLiteral !== null) node.byLiteral.set(segment, child);
  else if (node.literals.length > FEW_LITERALS)
    node.byLiteral = new Map(node.literals.map((literal, i) => [literal, node.children[i] as IndexNode<R>]));
  return child;
}

// A few literals are compared in place: no slice of the path and no hash of it per lookup.
function literalChild<R>(
  node: IndexNode<R>,
  path: string,
  start: number,
  end: number,
): IndexNode<R> | undefined {
  if (node.byLiteral !== null) return node.byLiteral.get(path.slice(start, end));
  const { literals } = node;
  for (let i = 0; i < literals.length; i++) {
    const literal = literals[i] as string;
    if (literal.length === end - start && path.startsWith(literal, start)) return node.children[i];
  }
  return undefined;
}

function patternChild<R>(node: IndexNode<R>, shape: string): IndexNode<R> {
  const existing = node.patterns.find((edge) => edge.shape === shape);
  if (existing !== undefined) return existing.node;
  const child = createNode<R>(shape === '{}' && node.wholeSegments);
  const edge: PatternEdge<R> = { shape, ...shapeBounds(shape), node: child };
  node.patterns.push(edge);
  node.patterns.sort((a, b) => compareShapes(a.shape, b.shape));
  return edge.node;
}

function fits<R>(edge: PatternEdge<R>, path: string, start: number, end: number): boolean {
  return (
    end - start >= edge.minLength &&
    (edge.prefix === '' || path.startsWith(edge.prefix, start)) &&
    (edge.suffix === '' || path.endsWith(edge.suffix, end))
  );
}

// `start` is where the current segment begins, `segments[0..count)` the raw values of the
// whole-segment placeholders passed on the way here. The node of a path's last segment is probed
// here rather than in a call of its own.
function findIn<R, T>(
  node: IndexNode<R>,
  path: string,
  start: number,
  probe: BucketProbe<R, T>,
  segments: string[],
  count: number,
): T | undefined {
  let end = path.indexOf('/', start);
  const last = end === -1;
  if (last) end = path.length;
  const next = literalChild(node, path, start, end);
  if (next !== undefined) {
    const found = last
      ? probeLeaf(next, path, probe, segments)
      : findIn(next, path, end + 1, probe, segments, count);
    if (found !== undefined) return found;
  }
  const { patterns } = node;
  for (let i = 0; i < patterns.length; i++) {
    const edge = patterns[i] as PatternEdge<R>;
    if (!fits(edge, path, start, end)) continue;
    // Below a node that keeps whole segments, this edge is a placeholder filling the segment.
    let below = count;
    if (edge.node.wholeSegments) segments[below++] = path.slice(start, end);
    const found = last
      ? probeLeaf(edge.node, path, probe, segments)
      : findIn(edge.node, path, end + 1, probe, segments, below);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The probe's answer for the routes whose last segment is `node`'s, if any. */
function probeLeaf<R, T>(
  node: IndexNode<R>,
  path: string,
  probe: BucketProbe<R, T>,
  segments: readonly string[],
): T | undefined {
  if (node.entries.length === 0) return undefined;
  return probe(node.entries, path, node.wholeSegments ? segments : undefined);
}
