import { hasExponentialAmbiguity } from './exponential-ambiguity';
import { positionAutomaton } from './position-automaton';

/**
 * Whether a backtracking engine may take exponential time on `expression`: a repeated part that can
 * match the same text in two ways, such as repetition inside repetition (`(a+)+`) or the overlapping
 * alternatives of `(\d|\d\d)+`. An expression the analysis cannot read is judged unsafe.
 */
export function mayBacktrackCatastrophically(expression: RegExp): boolean {
  try {
    return hasExponentialAmbiguity(positionAutomaton(expression));
  } catch {
    return true;
  }
}
