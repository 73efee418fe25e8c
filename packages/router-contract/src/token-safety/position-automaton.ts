import type { CharSet } from './char-set';
import { parsePattern, type PatternNode } from './pattern-parser';

/**
 * The position (Glushkov) automaton of an expression: one state per character class of the pattern,
 * each entered only on its own characters. Two runs over the same text are distinct when they visit
 * different positions, or step between the same two for different reasons (the inner or the outer
 * loop of `(a+)+`): the counts keep those apart, which is what an ambiguity check needs.
 */
export interface PositionAutomaton {
  /** The characters each position reads. */
  readonly characters: readonly CharSet[];
  /** Per position: each position that may follow it, with the number of ways the pattern allows it. */
  readonly follow: readonly ReadonlyMap<number, number>[];
}

/** What a sub-expression contributes: whether it can match nothing, and its first and last positions. */
interface Piece {
  readonly nullable: boolean;
  readonly first: readonly number[];
  readonly last: readonly number[];
}

const EMPTY: Piece = { nullable: true, first: [], last: [] };

/**
 * Builds the position automaton of `expression`. Assertions and backreferences match no character
 * and count as empty. A quantifier that may repeat (`*`, `+`, `{2,5}`) is read as one that repeats
 * without bound: a bounded count can still multiply the ways to match, so it is vetted as strictly.
 */
export function positionAutomaton(expression: RegExp): PositionAutomaton {
  const builder = new AutomatonBuilder();
  builder.alternatives(parsePattern(expression).alternatives);
  return builder;
}

class AutomatonBuilder implements PositionAutomaton {
  readonly characters: CharSet[] = [];
  readonly follow: Map<number, number>[] = [];

  alternatives(alternatives: readonly (readonly PatternNode[])[]): Piece {
    const pieces = alternatives.map((elements) => this.concatenation(elements));
    return {
      nullable: pieces.some((piece) => piece.nullable),
      first: pieces.flatMap((piece) => piece.first),
      last: pieces.flatMap((piece) => piece.last),
    };
  }

  private concatenation(elements: readonly PatternNode[]): Piece {
    let sequence = EMPTY;
    for (const element of elements) {
      const next = this.element(element);
      this.link(sequence.last, next.first);
      sequence = {
        nullable: sequence.nullable && next.nullable,
        first: sequence.nullable ? [...sequence.first, ...next.first] : sequence.first,
        last: next.nullable ? [...sequence.last, ...next.last] : next.last,
      };
    }
    return sequence;
  }

  private element(element: PatternNode): Piece {
    switch (element.type) {
      case 'Characters':
        return this.position(element.characters);
      case 'Alternatives':
        return this.alternatives(element.alternatives);
      case 'Repeat': {
        if (element.max === 0) return EMPTY;
        const body = this.element(element.body);
        if (element.max > 1) this.link(body.last, body.first);
        return { ...body, nullable: body.nullable || element.min === 0 };
      }
      default:
        return EMPTY;
    }
  }

  private position(characters: CharSet): Piece {
    const index = this.characters.push(characters) - 1;
    this.follow.push(new Map());
    return { nullable: false, first: [index], last: [index] };
  }

  private link(from: readonly number[], to: readonly number[]): void {
    for (const source of from) {
      const targets = this.follow[source] as Map<number, number>;
      for (const target of to) targets.set(target, (targets.get(target) ?? 0) + 1);
    }
  }
}
