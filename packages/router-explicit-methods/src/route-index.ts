import type { PathTemplate } from '@framework/router-contract';
import { compareShapes, segmentShape, shapeBounds } from './segment-shape';

interface IndexNode<R, B> {
  readonly statics: Record<string, IndexNode<R, B>>;
  readonly patterns: PatternEdge<R, B>[];
  readonly entries: R[];
  bucket: B | undefined;
  hasStatics: boolean;
}

interface PatternEdge<R, B> {
  readonly shape: string;
  readonly prefix: string;
  readonly suffix: string;
  readonly minLength: number;
  readonly node: IndexNode<R, B>;
}

function createNode<R, B>(): IndexNode<R, B> {
  return { statics: Object.create(null), patterns: [], entries: [], bucket: undefined, hasStatics: false };
}

/**
 * Narrows a lookup to the routes that can match a path. Fully static routes sit in a hash keyed by
 * path; the others in a tree keyed by segment, where a segment is either literal (hash edge) or a
 * shape with placeholders (`{}`, `v{}`, ...). Since a placeholder never spans a `/`, a path only ever
 * reaches routes with as many segments. The index does not match: the caller's library does, one
 * bucket (the routes of one static path or one tree leaf, in registration order) at a time.
 *
 * Buckets come most specific first: the static route, then the tree depth first with, at each
 * segment, the literal edge before the placeholder shapes (ordered by `compareShapes`).
 */
export class RouteIndex<R, B> {
  private readonly statics: Record<string, B> = Object.create(null);
  private readonly root: IndexNode<R, B> = createNode();
  private readonly hasTree: boolean;

  constructor(entries: Iterable<R>, templateOf: (entry: R) => PathTemplate, makeBucket: (entries: R[]) => B) {
    const statics: Record<string, R[]> = Object.create(null);
    let hasTree = false;
    for (const entry of entries) {
      const template = templateOf(entry);
      if (template.isStatic) {
        (statics[template.source] ??= []).push(entry);
        continue;
      }
      hasTree = true;
      let node = this.root;
      for (const segment of template.source.split('/').slice(1)) {
        node = segment.includes('{') ? patternChild(node, segmentShape(segment)) : staticChild(node, segment);
      }
      node.entries.push(entry);
    }
    for (const path of Object.keys(statics)) this.statics[path] = makeBucket(statics[path] as R[]);
    seal(this.root, makeBucket);
    this.hasTree = hasTree;
  }

  /** Calls `visit` with each bucket that may match `path`, most specific first, until it returns true. */
  visit(path: string, visit: (bucket: B) => boolean): void {
    const exact = this.statics[path];
    if (exact !== undefined && visit(exact)) return;
    if (this.hasTree) walk(this.root, path, 1, visit);
  }
}

function staticChild<R, B>(node: IndexNode<R, B>, segment: string): IndexNode<R, B> {
  node.hasStatics = true;
  return (node.statics[segment] ??= createNode());
}

function patternChild<R, B>(node: IndexNode<R, B>, shape: string): IndexNode<R, B> {
  const existing = node.patterns.find((edge) => edge.shape === shape);
  if (existing !== undefined) return existing.node;
  const edge: PatternEdge<R, B> = { shape, ...shapeBounds(shape), node: createNode() };
  node.patterns.push(edge);
  node.patterns.sort((a, b) => compareShapes(a.shape, b.shape));
  return edge.node;
}

function seal<R, B>(node: IndexNode<R, B>, makeBucket: (entries: R[]) => B): void {
  if (node.entries.length > 0) node.bucket = makeBucket(node.entries);
  for (const segment of Object.keys(node.statics)) seal(node.statics[segment] as IndexNode<R, B>, makeBucket);
  for (const edge of node.patterns) seal(edge.node, makeBucket);
}

// This is the hot path of every lookup: change with care. `start` is where the current segment
// begins; past the end of the path, every segment has been consumed.
function walk<R, B>(
  node: IndexNode<R, B>,
  path: string,
  start: number,
  visit: (bucket: B) => boolean,
): boolean {
  if (start > path.length) return node.bucket !== undefined && visit(node.bucket);
  let end = path.indexOf('/', start);
  if (end === -1) end = path.length;
  if (node.hasStatics) {
    const next = node.statics[path.slice(start, end)];
    if (next !== undefined && walk(next, path, end + 1, visit)) return true;
  }
  const length = end - start;
  for (const edge of node.patterns) {
    if (
      length >= edge.minLength &&
      (edge.prefix === '' || path.startsWith(edge.prefix, start)) &&
      (edge.suffix === '' || path.endsWith(edge.suffix, end)) &&
      walk(edge.node, path, end + 1, visit)
    ) {
      return true;
    }
  }
  return false;
}
