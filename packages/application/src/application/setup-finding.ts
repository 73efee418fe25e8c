import { ApplicationError } from '../errors/application-error';
import type { ApplicationErrorCode } from '../errors/error-codes';
import type { Logger } from '../logging/logger';

/** `error`: certainly a mistake, `run()` refuses to start. `warning`: may be intended, only reported. */
export type SetupSeverity = 'error' | 'warning';

/** One thing `app.check()` found in how the application is assembled. */
export interface SetupFinding {
  /** The catalogue code the mistake fails with at invocation, e.g. `FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND`. */
  readonly code: ApplicationErrorCode;
  readonly severity: SetupSeverity;
  /** What is wrong and what to do about it. */
  readonly message: string;
}

/** Options of `app.check()`. */
export interface CheckOptions {
  /**
   * Throw an `ApplicationError` listing the findings of this severity or a worse one (`'warning'`
   * throws on any finding); by default `check()` only returns the findings.
   */
  readonly throwOn?: SetupSeverity;
}

/** The findings, errors first, each severity in the order found. */
export function bySeverity(findings: readonly SetupFinding[]): SetupFinding[] {
  return [
    ...findings.filter((finding) => finding.severity === 'error'),
    ...findings.filter((finding) => finding.severity === 'warning'),
  ];
}

/** Throws when a finding is at least as severe as `threshold`; the message lists those findings. */
export function throwOnFindings(
  findings: readonly SetupFinding[],
  threshold: SetupSeverity,
  advice = '',
): void {
  const failing = findings.filter((finding) => threshold === 'warning' || finding.severity === 'error');
  const [first] = failing;
  if (first === undefined) return;
  const message =
    failing.length === 1
      ? first.message
      : `The setup check found ${failing.length} problems:\n` +
        failing.map((finding) => `- ${finding.message}`).join('\n');
  throw new ApplicationError(first.code, advice === '' ? message : `${message}\n${advice}`);
}

/** Logs each finding as a warning, with its code and severity as fields. */
export function warnFindings(findings: readonly SetupFinding[], logger: Logger): void {
  for (const { code, severity, message } of findings) logger.warn({ code, severity }, message);
}
