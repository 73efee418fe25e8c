import type { PathTemplate } from '../path-template';
import { compareShapes } from './segment-shape';
import { templateSegments, type TemplateSegment } from './template-segments';

/**
 * The contract's precedence between two route templates: negative when `a` comes first, positive when
 * `b` does, 0 when every segment has the same shape (then the earlier-registered route comes first).
 * Segment by segment from the left, at the first segment whose shapes differ: a segment without
 * placeholders beats a segment with placeholders; between two segments with placeholders, more
 * characters of literal text win, then fewer placeholders, then (reading both from the left) literal
 * text before a placeholder and the lower UTF-16 code unit. The order is total, so it sorts any list;
 * only pairs that can match one path need the rule (two different literal segments never do, nor do
 * templates with other segment counts).
 *
 * @example
 * comparePrecedence(parsePathTemplate('/p/{id}.json'), parsePathTemplate('/p/{slug}')); // < 0
 * comparePrecedence(parsePathTemplate('/p/v{n}/{x}'), parsePathTemplate('/p/{y}/edit')); // < 0
 */
export function comparePrecedence(a: PathTemplate, b: PathTemplate): number {
  const left = templateSegments(a);
  const right = templateSegments(b);
  for (let i = 0; i < left.length && i < right.length; i++) {
    const diff = compareSegments(left[i] as TemplateSegment, right[i] as TemplateSegment);
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}

function compareSegments(a: TemplateSegment, b: TemplateSegment): number {
  if (a.params > 0 && b.params > 0) return compareShapes(a.shape, b.shape);
  if (a.params > 0 || b.params > 0) return a.params > 0 ? 1 : -1;
  return a.source < b.source ? -1 : a.source > b.source ? 1 : 0;
}
