/** The bound an expression passed: nodes, links or nested groups read, or steps between pairs of positions. */
export type AnalysisBound = 'nodes' | 'links' | 'depth' | 'steps';

/**
 * Thrown when an expression needs more work than the check allows: the expression is too complex to
 * prove safe. Its message is the bound passed; `backtrackingVerdict` turns it into `too-complex`.
 */
export class AnalysisLimitError extends Error {
  override readonly name = 'AnalysisLimitError';

  constructor(bound: AnalysisBound) {
    super(bound);
  }
}
