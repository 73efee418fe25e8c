import type { PathTemplate } from '@framework/router-contract';
import { compareShapes, segmentShape, shapeBounds } from './segment-shape';

interface IndexNode<R, B> {
  readonly statics: Record<string, IndexNode<R, B>>;
  readonly patterns: PatternEdge<R, B>[];
  readonly entries: R[];
  bucket: B | undefined;
}

interface PatternEdge<R, B> {
  readonly shape: string;
  readonly prefix: string;
  readonly suffix: string;
  readonly minLength: number;
  readonly node: IndexNode<R, B>;
}

function createNode<R, B>(): IndexNode<R, B> {
  return { statics: Object.create(null), patterns: [], entries: [], bucket: undefined };
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
    if (this.hasTree) walk(this.root, path.split('/'), 1, visit);
  }
}

function staticChild<R, B>(node: IndexNode<R, B>, segment: string): IndexNode<R, B> {
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

// This is the hot path of every lookup: change with care.
function walk<R, B>(
  node: IndexNode<R, B>,
  segments: readonly string[],
  depth: number,
  visit: (bucket: B) => boolean,
): boolean {
  if (depth === segments.length) return node.bucket !== undefined && visit(node.bucket);
  const segment = segments[depth] as string;
  const next = node.statics[segment];
  if (next !== undefined && walk(next, segments, depth + 1, visit)) return true;
  for (const edge of node.patterns) {
    if (
      segment.length >= edge.minLength &&
      segment.startsWith(edge.prefix) &&
      segment.endsWith(edge.suffix) &&
      walk(edge.node, segments, depth + 1, visit)
    ) {
      return true;
    }
  }
  return false;
}
