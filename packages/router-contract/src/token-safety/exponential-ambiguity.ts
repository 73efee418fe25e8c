import type { CharSet } from './char-set';
import type { PositionAutomaton } from './position-automaton';

/**
 * Whether some text can take a loop of the automaton in two different ways (exponential degree of
 * ambiguity): then `n` repetitions of that text match in `2^n` ways, and a backtracking engine tries
 * them all before it rejects. `(\d|\d\d)+` is such an expression: "11" is one turn through `\d\d` or
 * two through `\d`.
 *
 * Checked on pairs of positions read in step over the same text: the automaton has such a loop
 * exactly when a pair of one position with itself lies on a cycle of pairs that also passes through
 * a pair of two different positions, or takes a step the pattern allows in two ways (Weber and
 * Seidl). Only the pairs reachable from a pair of one position with itself are visited.
 */
export function hasExponentialAmbiguity(automaton: PositionAutomaton): boolean {
  const components = new PairComponents(automaton);
  for (let position = 0; position < automaton.characters.length; position++) {
    if (components.visit(position * automaton.characters.length + position)) return true;
  }
  return false;
}

interface Frame {
  readonly pair: number;
  readonly successors: number[];
}

/** Tarjan's strongly connected components over pairs of positions, stopping at the first ambiguous one. */
class PairComponents {
  private readonly size: number;
  private readonly order = new Map<number, number>();
  private readonly lowLink = new Map<number, number>();
  private readonly stack: number[] = [];
  private readonly onStack = new Set<number>();
  /** Per pair, the pairs it steps to in two ways (a doubled step from a pair of one position). */
  private readonly doubled = new Map<number, number[]>();

  constructor(private readonly automaton: PositionAutomaton) {
    this.size = automaton.characters.length;
  }

  /** Explores from `start`; true when it closes a component that holds an ambiguous cycle. */
  visit(start: number): boolean {
    if (this.order.has(start)) return false;
    const frames: Frame[] = [this.open(start)];
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as Frame;
      const next = frame.successors.pop();
      if (next !== undefined) {
        if (!this.order.has(next)) frames.push(this.open(next));
        else if (this.onStack.has(next)) this.lower(frame.pair, this.order.get(next) as number);
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent !== undefined) this.lower(parent.pair, this.lowLink.get(frame.pair) as number);
      if (this.lowLink.get(frame.pair) === this.order.get(frame.pair) && this.closeIsAmbiguous(frame.pair)) {
        return true;
      }
    }
    return false;
  }

  private open(pair: number): Frame {
    const order = this.order.size;
    this.order.set(pair, order);
    this.lowLink.set(pair, order);
    this.stack.push(pair);
    this.onStack.add(pair);
    return { pair, successors: this.successors(pair) };
  }

  private lower(pair: number, value: number): void {
    if (value < (this.lowLink.get(pair) as number)) this.lowLink.set(pair, value);
  }

  /** Pops the component rooted at `root`: ambiguous when it mixes both kinds of pair or holds a doubled step. */
  private closeIsAmbiguous(root: number): boolean {
    const members = new Set<number>();
    for (let pair = -1; pair !== root;) {
      pair = this.stack.pop() as number;
      this.onStack.delete(pair);
      members.add(pair);
    }
    let diagonal = false;
    let offDiagonal = false;
    for (const pair of members) {
      if (this.isDiagonal(pair)) diagonal = true;
      else offDiagonal = true;
      if (this.doubled.get(pair)?.some((target) => members.has(target))) return true;
    }
    return diagonal && offDiagonal;
  }

  private isDiagonal(pair: number): boolean {
    return Math.floor(pair / this.size) === pair % this.size;
  }

  /** The pairs both positions of `pair` can step to on one same character. */
  private successors(pair: number): number[] {
    const { characters, follow } = this.automaton;
    const p = Math.floor(pair / this.size);
    const q = pair % this.size;
    const found: number[] = [];
    for (const [nextP, ways] of follow[p] as ReadonlyMap<number, number>) {
      for (const nextQ of (follow[q] as ReadonlyMap<number, number>).keys()) {
        if ((characters[nextP] as CharSet).isDisjointWith(characters[nextQ] as CharSet)) continue;
        const next = nextP * this.size + nextQ;
        found.push(next);
        if (p === q && nextP === nextQ && ways > 1)
          this.doubled.set(pair, [...(this.doubled.get(pair) ?? []), next]);
      }
    }
    return found;
  }
}
