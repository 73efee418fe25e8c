/**
 * Thrown when an expression needs more work than the check allows (too many nodes, links or pairs of
 * positions, or groups nested too deep): the expression is too complex to prove safe.
 */
export class AnalysisLimitError extends Error {
  override readonly name = 'AnalysisLimitError';
}
