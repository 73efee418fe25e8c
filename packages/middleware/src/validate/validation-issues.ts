import type { StandardSchemaV1 } from '@standard-schema/spec';

/** Where a validated value comes from. */
export type ValidationTarget = 'body' | 'query' | 'params' | 'headers';

/** One problem found by a validator, as listed in the 400 answer. */
export interface ValidationIssue {
  readonly in: ValidationTarget;
  /** Keys from the root of the value to the problem (`['items', 0, 'name']`); empty for the root. */
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** Most issues listed in one answer; the answer says when there were more. */
export const MAX_LISTED_ISSUES = 50;

export function toValidationIssue(target: ValidationTarget, issue: StandardSchemaV1.Issue): ValidationIssue {
  const path = (issue.path ?? []).map((segment) => {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
    return typeof key === 'number' ? key : String(key);
  });
  return { in: target, path, message: issue.message };
}
