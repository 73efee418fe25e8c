import { CharSet, type CodeUnitRange, DIGIT, NOT_LINE_TERMINATOR, SPACE, WORD } from './char-set';

/** A pattern as the position automaton reads it; assertions and backreferences are `Empty`. */
export type PatternNode =
  | { readonly type: 'Characters'; readonly characters: CharSet }
  | { readonly type: 'Alternatives'; readonly alternatives: readonly (readonly PatternNode[])[] }
  | { readonly type: 'Repeat'; readonly min: number; readonly max: number; readonly body: PatternNode }
  | { readonly type: 'Empty' };

type Alternatives = Extract<PatternNode, { type: 'Alternatives' }>;

/** Beyond this many nodes an expression is too large to analyse. */
const MAX_NODES = 10_000;

const BRACED_QUANTIFIER = /\{(\d+)(?:(,)(\d*))?\}/y;
const CONTROL_ESCAPES: Readonly<Record<string, number>> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };
const CLASS_ESCAPES: Readonly<Record<string, CharSet>> = {
  d: DIGIT,
  D: DIGIT.negate(),
  w: WORD,
  W: WORD.negate(),
  s: SPACE,
  S: SPACE.negate(),
};

/**
 * Parses the source of an expression without flags, the way tokens are compiled, into alternatives,
 * sequences, repetitions and character sets. It reads the syntax such an expression may hold and
 * throws on anything else (flags, legacy octal escapes, modifiers, too many nodes), so that the
 * caller can judge the expression unsafe.
 */
export function parsePattern(expression: RegExp): Alternatives {
  if (expression.flags !== '') {
    throw new Error(`The expression ${String(expression)} holds flags the analysis does not read.`);
  }
  return new PatternParser(expression.source).parse();
}

class PatternParser {
  private index = 0;
  private nodes = 0;
  private groups = 0;
  private namedGroups = false;
  private highestReference = 0;
  private namedReference = false;

  constructor(private readonly source: string) {}

  parse(): Alternatives {
    const root = this.alternatives();
    if (this.index < this.source.length) this.fail();
    if (this.highestReference > this.groups || (this.namedReference && !this.namedGroups)) this.fail();
    return root;
  }

  private alternatives(): Alternatives {
    const alternatives = [this.sequence()];
    while (this.eat('|')) alternatives.push(this.sequence());
    return this.node({ type: 'Alternatives', alternatives });
  }

  private sequence(): PatternNode[] {
    const elements: PatternNode[] = [];
    while (this.index < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      elements.push(this.quantified(this.atom()));
    }
    return elements;
  }

  private quantified(body: PatternNode): PatternNode {
    const bounds = this.quantifier();
    if (bounds === undefined) return body;
    this.eat('?');
    const [min, max] = bounds;
    return this.node({ type: 'Repeat', min, max, body });
  }

  private quantifier(): [number, number] | undefined {
    if (this.eat('*')) return [0, Infinity];
    if (this.eat('+')) return [1, Infinity];
    if (this.eat('?')) return [0, 1];
    BRACED_QUANTIFIER.lastIndex = this.index;
    const braced = BRACED_QUANTIFIER.exec(this.source);
    if (braced === null) return undefined;
    this.index = BRACED_QUANTIFIER.lastIndex;
    const min = Number(braced[1]);
    if (braced[2] === undefined) return [min, min];
    return [min, braced[3] ? Number(braced[3]) : Infinity];
  }

  private atom(): PatternNode {
    const char = this.next();
    switch (char) {
      case '^':
      case '$':
        return this.empty();
      case '.':
        return this.characters(NOT_LINE_TERMINATOR);
      case '[':
        return this.characters(this.characterClass());
      case '(':
        return this.group();
      case '\\':
        return this.atomEscape();
      default:
        return this.characters(CharSet.of([[char.charCodeAt(0), char.charCodeAt(0)]]));
    }
  }

  private group(): PatternNode {
    let lookaround = false;
    if (!this.eat('?')) this.groups++;
    else if (this.eat('=') || this.eat('!')) lookaround = true;
    else if (this.eat('<')) {
      if (this.eat('=') || this.eat('!')) lookaround = true;
      else {
        this.name();
        this.groups++;
        this.namedGroups = true;
      }
    } else if (!this.eat(':')) this.fail();
    const body = this.alternatives();
    if (!this.eat(')')) this.fail();
    return lookaround ? this.empty() : body;
  }

  /** Reads a group or reference name up to and including its closing `>`. */
  private name(): void {
    const end = this.source.indexOf('>', this.index);
    if (end < 0) this.fail();
    this.index = end + 1;
  }

  private atomEscape(): PatternNode {
    const char = this.next();
    if (char === 'b' || char === 'B') return this.empty();
    if (char === 'k' && this.eat('<')) {
      this.name();
      this.namedReference = true;
      return this.empty();
    }
    if (char >= '1' && char <= '9') {
      let digits = char;
      while (/\d/.test(this.peek())) digits += this.next();
      this.highestReference = Math.max(this.highestReference, Number(digits));
      return this.empty();
    }
    const escaped = this.characterEscape(char);
    return this.characters(typeof escaped === 'number' ? CharSet.of([[escaped, escaped]]) : escaped);
  }

  /** The code unit or set an escape names, after its backslash, in or out of a class. */
  private characterEscape(char: string): number | CharSet {
    const classEscape = CLASS_ESCAPES[char];
    if (classEscape !== undefined) return classEscape;
    const control = CONTROL_ESCAPES[char];
    if (control !== undefined) return control;
    switch (char) {
      case 'c':
        if (!/[A-Za-z]/.test(this.peek())) this.fail();
        return this.next().charCodeAt(0) % 32;
      case 'x':
        return this.hex(2);
      case 'u':
        return this.hex(4);
      case '0':
        if (/\d/.test(this.peek())) this.fail();
        return 0;
      default:
        if (char >= '1' && char <= '9') this.fail();
        return char.charCodeAt(0);
    }
  }

  private hex(length: number): number {
    const digits = this.source.slice(this.index, this.index + length);
    if (!new RegExp(`^[0-9A-Fa-f]{${length}}$`).test(digits)) this.fail();
    this.index += length;
    return parseInt(digits, 16);
  }

  /** Reads a class after its `[`, up to and including its `]`. */
  private characterClass(): CharSet {
    const negated = this.eat('^');
    const ranges: CodeUnitRange[] = [];
    const add = (part: number | CharSet): void => {
      if (typeof part === 'number') ranges.push([part, part]);
      else ranges.push(...part.ranges);
    };
    while (!this.eat(']')) {
      const from = this.classAtom();
      if (this.peek() === '-' && this.source[this.index + 1] !== ']') {
        this.index++;
        const to = this.classAtom();
        if (typeof from === 'number' && typeof to === 'number') ranges.push([from, to]);
        else [from, '-'.charCodeAt(0), to].forEach(add);
      } else add(from);
    }
    const members = CharSet.of(ranges);
    return negated ? members.negate() : members;
  }

  private classAtom(): number | CharSet {
    const char = this.next();
    if (char !== '\\') return char.charCodeAt(0);
    const escaped = this.next();
    return escaped === 'b' ? 0x08 : this.characterEscape(escaped);
  }

  private characters(characters: CharSet): PatternNode {
    return this.node({ type: 'Characters', characters });
  }

  private empty(): PatternNode {
    return this.node({ type: 'Empty' });
  }

  private node<T extends PatternNode>(node: T): T {
    if (++this.nodes > MAX_NODES) throw new Error('The expression is too large to analyse.');
    return node;
  }

  private peek(): string {
    return this.source[this.index] ?? '';
  }

  private next(): string {
    if (this.index >= this.source.length) this.fail();
    return this.source[this.index++] as string;
  }

  private eat(char: string): boolean {
    if (this.peek() !== char) return false;
    this.index++;
    return true;
  }

  private fail(): never {
    throw new Error(
      `The expression /${this.source}/ holds syntax the analysis does not read (at ${this.index}).`,
    );
  }
}
