import { AnalysisLimitError } from './analysis-limit';
import {
  type CharSet,
  type CodeUnitRange,
  DIGIT,
  NOT_LINE_TERMINATOR,
  SPACE,
  WORD,
  charSet,
  negate,
} from './char-set';

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
type Piece = readonly [nullable: boolean, first: readonly number[], last: readonly number[]];

const EMPTY: Piece = [true, [], []];

/** Beyond this many nodes (characters, assertions, repetitions, alternations) an expression is too large to analyse. */
export const MAX_NODES = 10_000;
/**
 * Beyond this many links between positions (one per last position of a part and first position of
 * the part that follows it or repeats it) an expression is too large to analyse: a wide alternation
 * under a repetition, or a long run of optional parts, links every position to every other.
 */
export const MAX_LINKS = 100_000;
/** Beyond this depth of nested groups an expression is too large to analyse (the parser recurses into each). */
export const MAX_DEPTH = 500;

const BRACED_QUANTIFIER = /\{(\d+)(?:(,)(\d*))?\}/y;
/** The escapes that name a class of characters or a control character. */
const NAMED_ESCAPES: Readonly<Record<string, CharSet | number>> = {
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
  d: DIGIT,
  D: negate(DIGIT),
  w: WORD,
  W: negate(WORD),
  s: SPACE,
  S: negate(SPACE),
};

/**
 * Reads the source of an expression without flags, the way tokens are compiled, and builds its
 * position automaton in the same pass. Assertions, lookarounds and backreferences match no character
 * and count as empty. A quantifier that may repeat (`*`, `+`, `{2,5}`) is read as one that repeats
 * without bound: a bounded count can still multiply the ways to match, so it is vetted as strictly.
 * Throws a `SyntaxError` on syntax it does not read (flags, legacy octal escapes, modifiers), so that the caller can
 * judge the expression unsafe, and an `AnalysisLimitError` beyond `MAX_NODES` nodes, `MAX_LINKS`
 * links or `MAX_DEPTH` nested groups, so that the work stays bounded whatever the expression.
 */
export function positionAutomaton(expression: RegExp): PositionAutomaton {
  const { source, flags } = expression;
  const characters: CharSet[] = [];
  const follow: Map<number, number>[] = [];
  let index = 0;
  let nodes = 0;
  let links = 0;
  let depth = 0;
  let groups = 0;
  let highestReference = 0;
  let namedGroups = false;
  let namedReference = false;

  const fail = (): never => {
    throw new SyntaxError(`unread at ${index}`);
  };
  if (flags !== '') fail();
  const count = (): void => {
    if (++nodes > MAX_NODES) throw new AnalysisLimitError('nodes');
  };
  const peek = (): string => source[index] ?? '';
  const next = (): string => (index < source.length ? (source[index++] as string) : fail());
  const eat = (char: string): boolean => peek() === char && ++index > 0;

  const link = (from: readonly number[], to: readonly number[]): void => {
    links += from.length * to.length;
    if (links > MAX_LINKS) throw new AnalysisLimitError('links');
    for (const source of from) {
      const targets = follow[source] as Map<number, number>;
      for (const target of to) targets.set(target, (targets.get(target) ?? 0) + 1);
    }
  };
  const position = (set: CharSet): Piece => {
    count();
    follow.push(new Map());
    const first = [characters.push(set) - 1];
    return [false, first, first];
  };
  /** An empty node; the positions from `start` on, read inside it (a lookaround, `{0}`), are dropped. */
  const empty = (start = characters.length): Piece => {
    count();
    characters.length = follow.length = start;
    return EMPTY;
  };

  const alternatives = (): Piece => {
    const pieces = [sequence()];
    while (eat('|')) pieces.push(sequence());
    count();
    return [
      pieces.some(([nullable]) => nullable),
      pieces.flatMap(([, first]) => first),
      pieces.flatMap(([, , last]) => last),
    ];
  };

  const sequence = (): Piece => {
    let [nullable, first, last] = EMPTY;
    while (index < source.length && peek() !== '|' && peek() !== ')') {
      const [nextNullable, nextFirst, nextLast] = quantified();
      link(last, nextFirst);
      if (nullable) first = [...first, ...nextFirst];
      last = nextNullable ? [...last, ...nextLast] : nextLast;
      nullable &&= nextNullable;
    }
    return [nullable, first, last];
  };

  const quantified = (): Piece => {
    const start = characters.length;
    const body = atom();
    let min: number;
    let max = Infinity;
    if (eat('*')) min = 0;
    else if (eat('+')) min = 1;
    else if (eat('?')) {
      min = 0;
      max = 1;
    } else {
      BRACED_QUANTIFIER.lastIndex = index;
      const braced = BRACED_QUANTIFIER.exec(source);
      if (braced === null) return body;
      index = BRACED_QUANTIFIER.lastIndex;
      min = Number(braced[1]);
      if (braced[2] === undefined) max = min;
      else if (braced[3]) max = Number(braced[3]);
    }
    eat('?');
    if (max === 0) return empty(start);
    count();
    const [nullable, first, last] = body;
    if (max > 1) link(last, first);
    return [nullable || min === 0, first, last];
  };

  const atom = (): Piece => {
    const char = next();
    if (char === '^' || char === '$') return empty();
    if (char === '.') return position(NOT_LINE_TERMINATOR);
    if (char === '[') return position(characterClass());
    if (char === '(') return group();
    if (char !== '\\') return position(charSet([char.charCodeAt(0)]));
    const escaped = next();
    if (escaped === 'b' || escaped === 'B') return empty();
    if (escaped === 'k' && eat('<')) {
      name();
      namedReference = true;
      return empty();
    }
    if (escaped >= '1' && escaped <= '9') {
      let digits = escaped;
      while (/\d/.test(peek())) digits += next();
      highestReference = Math.max(highestReference, Number(digits));
      return empty();
    }
    const set = characterEscape(escaped);
    return position(typeof set === 'number' ? charSet([set]) : set);
  };

  const group = (): Piece => {
    let lookaround = false;
    if (!eat('?')) groups++;
    else if (eat('=') || eat('!')) lookaround = true;
    else if (eat('<')) {
      if (eat('=') || eat('!')) lookaround = true;
      else {
        name();
        groups++;
        namedGroups = true;
      }
    } else if (!eat(':')) fail();
    if (++depth > MAX_DEPTH) throw new AnalysisLimitError('depth');
    const start = characters.length;
    const body = alternatives();
    if (!eat(')')) fail();
    depth--;
    return lookaround ? empty(start) : body;
  };

  /** Reads a group or reference name up to and including its closing `>`. */
  const name = (): void => {
    const end = source.indexOf('>', index);
    index = end < 0 ? fail() : end + 1;
  };

  /** The code unit or set an escape names, after its backslash, in or out of a class. */
  const characterEscape = (char: string): number | CharSet => {
    const known = NAMED_ESCAPES[char];
    if (known !== undefined) return known;
    if (char === 'c') return /[A-Za-z]/.test(peek()) ? next().charCodeAt(0) % 32 : fail();
    if (char === 'x' || char === 'u') {
      const length = char === 'x' ? 2 : 4;
      const digits = source.slice(index, index + length);
      if (digits.length < length || /[^0-9A-Fa-f]/.test(digits)) fail();
      index += length;
      return parseInt(digits, 16);
    }
    if (char === '0') return /\d/.test(peek()) ? fail() : 0;
    return char >= '1' && char <= '9' ? fail() : char.charCodeAt(0);
  };

  /** Reads a class after its `[`, up to and including its `]`. */
  const characterClass = (): CharSet => {
    const negated = eat('^');
    const members: (number | CodeUnitRange)[] = [];
    const add = (part: number | CharSet): void => {
      members.push(...(typeof part === 'number' ? [part] : part));
    };
    while (!eat(']')) {
      const from = classAtom();
      if (peek() === '-' && source[index + 1] !== ']') {
        index++;
        const to = classAtom();
        if (typeof from === 'number' && typeof to === 'number') members.push([from, to]);
        else [from, 45, to].forEach(add);
      } else add(from);
    }
    const set = charSet(members);
    return negated ? negate(set) : set;
  };

  const classAtom = (): number | CharSet => {
    const char = next();
    if (char !== '\\') return char.charCodeAt(0);
    const escaped = next();
    return escaped === 'b' ? 8 : characterEscape(escaped);
  };

  alternatives();
  if (index < source.length || highestReference > groups || (namedReference && !namedGroups)) fail();
  return { characters, follow };
}
