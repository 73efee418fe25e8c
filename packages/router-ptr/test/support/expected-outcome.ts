import { parsePathTemplate } from '@framework/router-contract';
import { referenceSplits } from './reference-match';
import type { GeneratedCase, GeneratedRequest } from './table-arbitrary';

/** What the contract allows for one request: the kind, the allowed methods, and the acceptable routes. */
export interface Expected {
  readonly kind: 'success' | 'method failure' | 'plain failure';
  readonly allowed?: readonly string[];
  /** On success: each acceptable route name with the params of each acceptable split. */
  readonly choices?: ReadonlyMap<string, readonly Record<string, string>[]>;
}

/** The reference reading of the contract for a table of routes that each list their methods. */
export function expectedOutcome(generated: GeneratedCase, request: GeneratedRequest): Expected {
  try {
    decodeURIComponent(request.path);
  } catch {
    return { kind: 'plain failure' };
  }
  const matching = generated.routes
    .map((route) => ({ route, splits: referenceSplits(route, request.path) }))
    .filter(({ splits }) => splits.length > 0);
  if (matching.length === 0) return { kind: 'plain failure' };
  const answering = matching.filter(({ route }) => route.methods.includes(request.method));
  if (answering.length === 0) {
    const allowed: string[] = [];
    for (const { route } of matching)
      for (const m of route.methods) if (!allowed.includes(m)) allowed.push(m);
    return { kind: 'method failure', allowed };
  }
  const literal = answering.find(({ route }) => parsePathTemplate(route.path).isStatic);
  const chosen = literal !== undefined ? [literal] : answering;
  return {
    kind: 'success',
    choices: new Map(chosen.map(({ route, splits }) => [`${route.path}^${route.methods.join(':')}`, splits])),
  };
}
