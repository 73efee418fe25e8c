import { PROBLEM_CONTENT_TYPE } from '@framework/application';
import type { JsonSchema } from './open-api-types';

/** The RFC 9457 problem details every error answer of the framework carries. */
const PROBLEM: JsonSchema = {
  type: 'object',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: { type: 'string' },
    code: { type: 'string', description: 'A stable error code from the error catalogue.' },
  },
  required: ['type', 'title', 'status'],
};

/** A 400 from `validate()`: the problem details with the issues found. */
const VALIDATION_PROBLEM: JsonSchema = {
  allOf: [
    { $ref: '#/components/schemas/Problem' },
    {
      type: 'object',
      properties: {
        issues: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              in: { enum: ['body', 'query', 'params', 'headers'] },
              path: { type: 'array', items: { type: ['string', 'integer'] } },
              message: { type: 'string' },
            },
            required: ['in', 'path', 'message'],
          },
        },
        omittedIssues: { type: 'integer', minimum: 1 },
      },
      required: ['issues'],
    },
  ],
};

const problem = (description: string, schema = 'Problem', headers?: object) => ({
  description,
  ...(headers === undefined ? {} : { headers }),
  content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: `#/components/schemas/${schema}` } } },
});

/** The components the framework's own answers refer to. */
export const FRAMEWORK_COMPONENTS = {
  schemas: { Problem: PROBLEM, ValidationProblem: VALIDATION_PROBLEM },
  responses: {
    ValidationFailed: problem(
      'validate() found the request invalid; `issues` lists why.',
      'ValidationProblem',
    ),
    PayloadTooLarge: problem('The body is larger than the body limit, or nested too deep.'),
    UnsupportedMediaType: problem('The body is not JSON (send Content-Type: application/json).'),
    Unauthorized: problem('No valid credentials of the scheme the route requires.', 'Problem', {
      'WWW-Authenticate': {
        description: 'The scheme and realm to authenticate with.',
        schema: { type: 'string' },
      },
    }),
    NotFound: problem('Nothing answers at this path (or the handler found no such resource).'),
    MethodNotAllowed: problem('The path exists but does not answer this method.', 'Problem', {
      Allow: { description: 'The methods the path answers.', schema: { type: 'string' } },
    }),
    InternalServerError: problem('An unexpected error; details only in development mode.'),
  },
} as const;

/** What a route's framework answers depend on. */
export interface FrameworkFacts {
  readonly validates: boolean;
  readonly readsBody: boolean;
  readonly authenticates: boolean;
  /** False for a route answering any method, which never answers 405. */
  readonly hasMethodList: boolean;
}

/** The framework's own answers for a route, by status, as references to `FRAMEWORK_COMPONENTS`. */
export function frameworkResponses(facts: FrameworkFacts): Record<string, { $ref: string }> {
  const responses: Record<string, { $ref: string }> = {};
  const add = (status: number, name: keyof typeof FRAMEWORK_COMPONENTS.responses) => {
    responses[status] = { $ref: `#/components/responses/${name}` };
  };
  if (facts.validates) add(400, 'ValidationFailed');
  if (facts.authenticates) add(401, 'Unauthorized');
  add(404, 'NotFound');
  if (facts.hasMethodList) add(405, 'MethodNotAllowed');
  if (facts.readsBody) {
    add(413, 'PayloadTooLarge');
    add(415, 'UnsupportedMediaType');
  }
  add(500, 'InternalServerError');
  return responses;
}
