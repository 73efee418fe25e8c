/**
 * Thrown when an expression needs more work than the check allows: the expression is too complex to
 * prove safe. Its message names the bound passed (`nodes`, `links`, `depth` of nested groups, or
 * `steps` between pairs of positions); `backtrackingVerdict` turns it into `too-complex`.
 */
export class AnalysisLimitError extends Error {
  override readonly name = 'AnalysisLimitError';
}
