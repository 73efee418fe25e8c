import cluster from 'node:cluster';
import type { Logger } from '../logging/logger';
import { type SetupFinding, throwOnFindings, warnFindings } from './setup-finding';

const ADVICE =
  'run() checks the setup before it listens. Fix the setup, or build the application with the option ' +
  'startupChecks: false to start anyway.';

/**
 * `run()`'s check before it listens: warnings go to `logger` (once, not again in each cluster worker),
 * errors refuse the start with an error listing them.
 */
export function checkBeforeRun(findings: readonly SetupFinding[], logger: Logger): void {
  if (!cluster.isWorker)
    warnFindings(
      findings.filter((finding) => finding.severity === 'warning'),
      logger,
    );
  throwOnFindings(findings, 'error', ADVICE);
}
