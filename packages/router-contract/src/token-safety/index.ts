import { AnalysisLimitError } from './analysis-limit';
import { hasExponentialAmbiguity } from './exponential-ambiguity';
import { positionAutomaton } from './position-automaton';

/**
 * What the check concludes about an expression: `safe`; `unsafe` when a backtracking engine may take
 * exponential time on it, or the analysis cannot read it; `too-complex` when proving it safe needs
 * more work than the check allows.
 */
export type BacktrackingVerdict = 'safe' | 'unsafe' | 'too-complex';

/**
 * Whether a backtracking engine may take exponential time on `expression`: a repeated part that can
 * match the same text in two ways, such as repetition inside repetition (`(a+)+`) or the overlapping
 * alternatives of `(\d|\d\d)+`. The work is bounded (nodes, links, pairs of positions, nesting), so
 * an expression of any size is judged in bounded time and memory.
 */
export function backtrackingVerdict(expression: RegExp): BacktrackingVerdict {
  try {
    return hasExponentialAmbiguity(positionAutomaton(expression)) ? 'unsafe' : 'safe';
  } catch (error) {
    return error instanceof AnalysisLimitError ? 'too-complex' : 'unsafe';
  }
}
