import { referenceSplits } from './reference-match';
import type { Outcome } from './outcome';
import type { GeneratedCase, GeneratedRoute, GeneratedRequest } from './table-arbitrary';

/**
 * The reference reading of the contract for a table of routes that each list their methods: the one
 * outcome every adapter must give (route, params and allowed methods).
 */
export function expectedOutcome(generated: GeneratedCase, request: GeneratedRequest): Outcome {
  try {
    decodeURIComponent(request.path);
  } catch {
    return { kind: 'plain failure' };
  }
  const matching = generated.routes
    .map((route, order) => ({ route, order, splits: referenceSplits(route, request.path) }))
    .filter(({ splits }) => splits.length > 0);
  if (matching.length === 0) return { kind: 'plain failure' };
  const answering = matching.filter(({ route }) => route.methods.includes(request.method));
  if (answering.length === 0) {
    const allowed: string[] = [];
    for (const { route } of matching)
      for (const m of route.methods) if (!allowed.includes(m)) allowed.push(m);
    return { kind: 'method failure', allowed };
  }
  const [best] = answering.sort((a, b) => precedence(a.route, b.route) || a.order - b.order);
  const { route, splits } = best as (typeof answering)[number];
  return { kind: 'success', route: `${route.path}^${route.methods.join(':')}`, params: splits[0] };
}

/**
 * The contract's precedence, read from the template text: segment by segment from the left, at the
 * first segment whose shape differs, no placeholder beats placeholders; then more literal characters,
 * fewer placeholders, and literal text before a placeholder (then the lower code unit), reading both
 * segments from the left.
 */
function precedence(a: GeneratedRoute, b: GeneratedRoute): number {
  const left = a.path.split('/').map(shapeOf);
  const right = b.path.split('/').map(shapeOf);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i] as Shape;
    const y = right[i] as Shape;
    if (x.text === y.text) continue;
    if (x.params === 0 || y.params === 0) return x.params === 0 ? -1 : 1;
    if (x.literal !== y.literal) return y.literal - x.literal;
    if (x.params !== y.params) return x.params - y.params;
    for (let j = 0; j < x.text.length; j++) {
      // The shapes have the same length here; "\u0000" stands for a placeholder.
      if (x.text[j] === y.text[j]) continue;
      if (x.text[j] === '\u0000' || y.text[j] === '\u0000') return x.text[j] === '\u0000' ? 1 : -1;
      return (x.text.charCodeAt(j) as number) - (y.text.charCodeAt(j) as number);
    }
  }
  return left.length - right.length;
}

interface Shape {
  /** The segment with each placeholder written as one "\u0000". */
  readonly text: string;
  readonly params: number;
  readonly literal: number;
}

function shapeOf(segment: string): Shape {
  const text = segment.replace(/\{[A-Za-z0-9_]+\}/g, '\u0000');
  const params = text.split('\u0000').length - 1;
  return { text, params, literal: text.length - params };
}
