import { AnalysisLimitError } from './analysis-limit';
import { intersects } from './char-set';
import type { PositionAutomaton } from './position-automaton';

/**
 * Beyond this many steps between pairs of positions examined, an expression is too complex to prove
 * safe: a wide alternation under a repetition pairs each of its positions with each other.
 */
export const MAX_PAIR_STEPS = 2_000_000;

/** A pair being visited: the successors it has left to visit, and its low link. */
type Frame = [pair: number, pending: number[], lowLink: number];

/**
 * Whether some text can take a loop of the automaton in two different ways (exponential degree of
 * ambiguity): then `n` repetitions of that text match in `2^n` ways, and a backtracking engine tries
 * them all before it rejects. `(\d|\d\d)+` is such an expression: "11" is one turn through `\d\d` or
 * two through `\d`.
 *
 * Checked on pairs of positions read in step over the same text: the automaton has such a loop
 * exactly when a pair of one position with itself lies on a cycle of pairs that also passes through
 * a pair of two different positions, or takes a step the pattern allows in two ways (Weber and
 * Seidl). Only the pairs reachable from a pair of one position with itself are visited, with
 * Tarjan's strongly connected components, stopping at the first ambiguous one. Throws an
 * `AnalysisLimitError` rather than examine more than `MAX_PAIR_STEPS` steps, which bounds both the
 * time and the size of the table of pairs.
 */
export function hasExponentialAmbiguity({ characters, follow }: PositionAutomaton): boolean {
  const size = characters.length;
  const order = new Map<number, number>();
  const stack: number[] = [];
  let steps = 0;
  /** The pairs both positions of `pair` can step to on one same character. */
  const successors = (pair: number): number[] => {
    const fromP = follow[Math.floor(pair / size)]!;
    const fromQ = follow[pair % size]!;
    steps += fromP.size * fromQ.size;
    if (steps > MAX_PAIR_STEPS) throw new AnalysisLimitError('steps');
    const found: number[] = [];
    for (const nextP of fromP.keys()) {
      for (const nextQ of fromQ.keys()) {
        if (intersects(characters[nextP]!, characters[nextQ]!)) found.push(nextP * size + nextQ);
      }
    }
    return found;
  };
  /** Visits `pair`; its low link starts as its order. */
  const open = (pair: number): Frame => {
    order.set(pair, order.size);
    stack.push(pair);
    return [pair, successors(pair), order.size - 1];
  };
  /**
   * Pops the component rooted at `root`: ambiguous when it mixes both kinds of pair, or holds a step
   * between two pairs of one position each that the pattern allows in two ways.
   */
  const closeIsAmbiguous = (root: number): boolean => {
    const members = new Set<number>();
    for (let pair = -1; pair !== root;) {
      pair = stack.pop()!;
      // Off the stack: a later step into it no longer lowers anything.
      order.set(pair, Infinity);
      members.add(pair);
    }
    let diagonal = false;
    let offDiagonal = false;
    for (const pair of members) {
      const p = Math.floor(pair / size);
      if (p !== pair % size) offDiagonal = true;
      else {
        diagonal = true;
        for (const [next, ways] of follow[p]!) {
          if (ways > 1 && members.has(next * size + next) && characters[next]!.length > 0) return true;
        }
      }
    }
    return diagonal && offDiagonal;
  };

  for (let position = 0; position < size; position++) {
    const start = position * size + position;
    if (order.has(start)) continue;
    const frames = [open(start)];
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const next = frame[1].pop();
      if (next !== undefined) {
        if (order.has(next)) frame[2] = Math.min(frame[2], order.get(next)!);
        else frames.push(open(next));
        continue;
      }
      frames.pop();
      const [pair, , lowLink] = frame;
      const parent = frames[frames.length - 1];
      if (parent !== undefined) parent[2] = Math.min(parent[2], lowLink);
      if (lowLink === order.get(pair) && closeIsAmbiguous(pair)) return true;
    }
  }
  return false;
}
