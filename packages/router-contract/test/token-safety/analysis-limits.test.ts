import { describe, expect, it, jest } from '@jest/globals';
import { Route, RouterError } from '../../src';
import * as tokenSafety from '../../src/token-safety';
import { AnalysisLimitError } from '../../src/token-safety/analysis-limit';
import { MAX_PAIR_STEPS, hasExponentialAmbiguity } from '../../src/token-safety/exponential-ambiguity';
import {
  MAX_DEPTH,
  MAX_LINKS,
  MAX_NODES,
  positionAutomaton,
} from '../../src/token-safety/position-automaton';

const noop = (): void => undefined;

function anchored(source: string): RegExp {
  return new RegExp(`^(?:${source})$`);
}

/** `count` alternatives `x0y`, `x1y`, … repeated: each pair of them starts alike, none is ambiguous. */
function wideAlternation(count: number): string {
  return `(${Array.from({ length: count }, (_, i) => `x${i}y`).join('|')})+`;
}

/** Groups nested `depth` deep around one character. */
function nested(depth: number): string {
  return `${'('.repeat(depth)}a${')'.repeat(depth)}`;
}

function tokenFailure(source: string): { code: string; message: string } {
  try {
    new Route('/a/{v}', noop).setOptions({ tokens: { v: source } });
  } catch (error) {
    expect(error).toBeInstanceOf(RouterError);
    return { code: (error as RouterError).code, message: (error as Error).message };
  }
  throw new Error('expected a RouterError');
}

/** The end of the message refusing an expression too complex to prove safe. */
function tooComplex(fix = 'set allowUnsafeRegex: true'): string {
  return (
    ' is too complex to prove safe from catastrophic backtracking (the check gives up beyond a fixed ' +
    `amount of work); use a simpler expression, or ${fix} to accept the risk.`
  );
}

describe('the bounds of the token check', () => {
  it(`stops the search over pairs of positions beyond ${MAX_PAIR_STEPS} steps`, () => {
    const automaton = positionAutomaton(anchored(wideAlternation(300)));
    expect(() => hasExponentialAmbiguity(automaton)).toThrow(new AnalysisLimitError('steps'));
    // A narrower alternation of the same shape stays within the bound and is proved safe.
    expect(hasExponentialAmbiguity(positionAutomaton(anchored(wideAlternation(50))))).toBe(false);
  });

  it(`stops building the automaton beyond ${MAX_LINKS} links between positions`, () => {
    expect(() => positionAutomaton(anchored(wideAlternation(1_000)))).toThrow(
      new AnalysisLimitError('links'),
    );
    expect(() => positionAutomaton(anchored('a?'.repeat(4_000)))).toThrow(new AnalysisLimitError('links'));
    expect(positionAutomaton(anchored('a?'.repeat(400))).characters).toHaveLength(400);
  });

  it(`stops reading groups nested more than ${MAX_DEPTH} deep`, () => {
    expect(() => positionAutomaton(anchored(nested(MAX_DEPTH * 4)))).toThrow(new AnalysisLimitError('depth'));
    expect(positionAutomaton(anchored(nested(MAX_DEPTH - 1))).characters).toHaveLength(1);
  });

  it(`stops reading beyond ${MAX_NODES} nodes with the same kind of error`, () => {
    expect(() => positionAutomaton(anchored('a'.repeat(MAX_NODES + 1)))).toThrow(
      new AnalysisLimitError('nodes'),
    );
  });

  it('reads a counted repetition once, whatever its count', () => {
    expect(positionAutomaton(anchored('\\d{1,999999999}')).characters).toHaveLength(1);
    expect(tokenSafety.backtrackingVerdict(anchored('[a-z]{0,1000000}-\\d{100000}'))).toBe('safe');
    expect(tokenSafety.backtrackingVerdict(anchored('(?:\\d|\\d\\d){1000000}'))).toBe('unsafe');
    expect(tokenSafety.backtrackingVerdict(anchored('(?:(?:a{2,99999}){2,99999}){2,99999}'))).toBe('unsafe');
  });
});

describe('a token beyond the bounds of the check', () => {
  it('refuses 300 alternatives under a repetition, showing the start of the expression', () => {
    expect(tokenFailure(wideAlternation(300))).toEqual({
      code: 'FRAMEWORK_ERR_ROUTE_UNSAFE_TOKEN',
      message:
        'Route "/a/{v}": token "v" "(x0y|x1y|x2y|x3y|x4y|x5y|x6y|x7y|x8y|x9y|x10y|x11y|x12y|x13y|x14y|x15y|x16y|x17y"' +
        `… (1692 characters)${tooComplex()}`,
    });
  });

  it.each([
    ['1,000 alternatives under a repetition', wideAlternation(1_000)],
    ['4,000 optional characters in a row', 'a?'.repeat(4_000)],
    ['groups nested 2,000 deep', nested(2_000)],
    ['more than 10,000 nodes', 'a'.repeat(MAX_NODES + 1)],
  ])('refuses %s as too complex to prove safe, naming the fix', (_, source) => {
    const { code, message } = tokenFailure(source);
    expect(code).toBe('FRAMEWORK_ERR_ROUTE_UNSAFE_TOKEN');
    expect(message.startsWith(`Route "/a/{v}": token "v" ${JSON.stringify(source.slice(0, 80))}…`)).toBe(
      true,
    );
    expect(message.endsWith(tooComplex())).toBe(true);
  });

  it('is accepted with allowUnsafeRegex: true, which skips the check', () => {
    const verdict = jest.spyOn(tokenSafety, 'backtrackingVerdict');
    try {
      const route = new Route('/a/{v}', noop).setOptions({
        tokens: { v: wideAlternation(300) },
        allowUnsafeRegex: true,
      });
      expect(route.getTokens().v?.test('x7yx299yx7y')).toBe(true);
      expect(route.getTokens().v?.test('x300y')).toBe(false);
      expect(verdict).not.toHaveBeenCalled();
    } finally {
      verdict.mockRestore();
    }
  });

  it('refuses an inline constraint as too complex, pointing to tokens and allowUnsafeRegex', () => {
    const source = wideAlternation(300);
    let thrown: unknown;
    try {
      new Route(`/a/{v:${source}}`, noop);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as RouterError).code).toBe('FRAMEWORK_ERR_ROUTE_UNSAFE_TOKEN');
    expect((thrown as RouterError).message).toBe(
      `Route "/a/{v}": the inline constraint of {v} ${JSON.stringify(source.slice(0, 80))}… (1692 characters)` +
        tooComplex('move it to tokens with allowUnsafeRegex: true'),
    );
  });
});
