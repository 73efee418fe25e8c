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
/** Longest message or path key listed; a validator may echo what the client sent into either. */
export const MAX_ISSUE_TEXT = 200;
/** Most path keys listed for one issue (the JSON body nests at most 64 levels by default). */
const MAX_PATH_KEYS = 64;

/** `text` cut to `MAX_ISSUE_TEXT` characters, an ellipsis marking the cut. */
function bounded(text: string): string {
  return text.length <= MAX_ISSUE_TEXT ? text : `${text.slice(0, MAX_ISSUE_TEXT - 1)}…`;
}

export function toValidationIssue(target: ValidationTarget, issue: StandardSchemaV1.Issue): ValidationIssue {
  const path = (issue.path ?? []).slice(0, MAX_PATH_KEYS).map((segment) => {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
    return typeof key === 'number' ? key : bounded(String(key));
  });
  return { in: target, path, message: bounded(String(issue.message)) };
}
