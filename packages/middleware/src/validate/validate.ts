import { STATUS_CODES } from 'node:http';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import {
  type AddsToRequest,
  type AnyResponse,
  JsonResponse,
  PROBLEM_CONTENT_TYPE,
  type RequestHandler,
  type ServerMiddleware,
  type ServerRequest,
} from '@framework/application';
import { invalidOption, MIDDLEWARE_ERROR_CODES, type MiddlewareErrorCode } from '../errors';
import { checkOptions } from '../shared/check-options';
import { mergedValid, VALID_ATTRIBUTE } from './request-valid';
import {
  MAX_LISTED_ISSUES,
  toValidationIssue,
  type ValidationIssue,
  type ValidationTarget,
} from './validation-issues';

/** The schemas `validate()` checks the request with; any Standard Schema validator (zod, valibot, arktype …). */
export interface ValidationSchemas {
  /** The JSON body (the request must say `Content-Type: application/json` or `…+json`). */
  readonly body?: StandardSchemaV1;
  /** The parsed query string (values are strings or arrays of strings). */
  readonly query?: StandardSchemaV1;
  /** The route params (validate inside a route, where they are known). */
  readonly params?: StandardSchemaV1;
  /** The request headers, by lower-case name (values are strings; `set-cookie` an array). */
  readonly headers?: StandardSchemaV1;
}

/** The validated values, typed from the schemas' outputs. */
export type Validated<S extends ValidationSchemas> = {
  readonly [K in keyof S]: S[K] extends StandardSchemaV1 ? StandardSchemaV1.InferOutput<S[K]> : never;
};

const TARGETS: readonly ValidationTarget[] = ['params', 'query', 'headers', 'body'];
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
let instances = 0;

/**
 * Checks the request's body, query, params and headers with Standard Schema validators. An invalid request is
 * answered 400 `application/problem+json` with an `issues` list (`in`, `path`, `message`); a body that
 * is not JSON 415. Valid values (as the schemas output them, coercions applied) are read in the
 * handlers after it in a route's list as `request.valid`, typed from the schemas (several `validate()`
 * in one list merge), or anywhere with `of(request)`.
 */
export class ValidateMiddleware<S extends ValidationSchemas>
  implements ServerMiddleware, AddsToRequest<{ readonly valid: Validated<S> }>
{
  declare readonly '~addsToRequest'?: { readonly valid: Validated<S> };

  private readonly attribute = `Framework\\Middleware\\Validated#${++instances}`;

  /** The schemas given, for tools that describe a route (an OpenAPI document lists them). */
  readonly schemas: S;

  constructor(schemas: S) {
    const own = checkOptions('validate', schemas, TARGETS);
    for (const target of TARGETS) {
      const schema = own[target] as { '~standard'?: { validate?: unknown } } | undefined;
      if (schema !== undefined && typeof schema?.['~standard']?.validate !== 'function')
        throw invalidOption(
          'validate',
          target,
          'must be a Standard Schema validator (zod, valibot, arktype …).',
        );
    }
    this.schemas = own as S;
  }

  async process(request: ServerRequest, handler: RequestHandler): Promise<AnyResponse> {
    const values: Record<string, unknown> = Object.create(null);
    const issues: ValidationIssue[] = [];
    let found = 0;
    for (const target of TARGETS) {
      const schema = this.schemas[target];
      if (schema === undefined) continue;
      if (target === 'body' && !JSON_TYPE.test(request.header('content-type') ?? ''))
        return unsupportedMediaType();
      const result = await schema['~standard'].validate(await inputOf(request, target));
      if (result.issues === undefined) values[target] = result.value;
      else {
        found += result.issues.length;
        for (const issue of result.issues.slice(0, MAX_LISTED_ISSUES - issues.length))
          issues.push(toValidationIssue(target, issue));
      }
    }
    if (found > 0) return invalid(issues, found);
    Object.freeze(values);
    return handler.handle(
      request.withAttributes({ [this.attribute]: values, [VALID_ATTRIBUTE]: mergedValid(request, values) }),
    );
  }

  /** The validated values of a request that went through this middleware. */
  of(request: ServerRequest): Validated<S> {
    const values = request.getAttribute<Validated<S> | undefined>(this.attribute);
    if (values === undefined) {
      throw new Error(
        'validate(): of(request) was called for a request that did not go through this middleware.',
      );
    }
    return values;
  }
}

function inputOf(request: ServerRequest, target: ValidationTarget): unknown {
  if (target === 'body') return request.json();
  if (target === 'headers') return request.headers;
  return target === 'query' ? request.query : request.params;
}

/** The 400 answer listing the first `MAX_LISTED_ISSUES` of the `found` issues, each bounded in size. */
function invalid(listed: readonly ValidationIssue[], found: number): AnyResponse {
  return problem('FRAMEWORK_ERR_VALIDATION_FAILED', 'The request is invalid; see issues.', {
    issues: listed,
    ...(found > listed.length ? { omittedIssues: found - listed.length } : {}),
  });
}

function unsupportedMediaType(): AnyResponse {
  return problem(
    'FRAMEWORK_ERR_VALIDATION_UNSUPPORTED_MEDIA_TYPE',
    'Send the body as JSON (Content-Type: application/json).',
  );
}

function problem(
  code: MiddlewareErrorCode,
  detail: string,
  extra: Record<string, unknown> = {},
): AnyResponse {
  const status = MIDDLEWARE_ERROR_CODES[code].status;
  return new JsonResponse(
    { type: 'about:blank', title: STATUS_CODES[status], status, detail, code, ...extra },
    { status, headers: { 'content-type': PROBLEM_CONTENT_TYPE } },
  );
}

/**
 * Validation middleware; see `ValidateMiddleware`.
 *
 * @example
 * app.post('/notes', [
 *   validate({ body: z.object({ title: z.string().min(1) }) }),
 *   (request) => new JsonResponse({ title: request.valid.body.title }, 201),
 * ]);
 */
export function validate<S extends ValidationSchemas>(schemas: S): ValidateMiddleware<S> {
  return new ValidateMiddleware(schemas);
}
