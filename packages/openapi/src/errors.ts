/** One entry of the error catalogue: the HTTP status the error answers with, and what it means. */
export interface OpenApiErrorInfo {
  readonly status: number;
  readonly description: string;
}

/**
 * Every error `@framework/openapi` raises carries one of these stable codes; the README documents each
 * of them (a test checks that).
 */
export const OPENAPI_ERROR_CODES = {
  FRAMEWORK_ERR_OPENAPI_INVALID_OPTION: {
    status: 500,
    description:
      'openApiDocument(), openApi() or describeRoute() was given an option it cannot use (the message names it); raised when called.',
  },
  FRAMEWORK_ERR_OPENAPI_SCHEMA_NAME_CLASH: {
    status: 500,
    description:
      'openApiDocument() met two different schemas with one name (id); the message names the routes of both.',
  },
  FRAMEWORK_ERR_OPENAPI_INVALID_SCHEMA_NAME: {
    status: 500,
    description:
      'openApiDocument() met a schema whose name (id) OpenAPI does not allow as a component name (only letters, digits, ".", "-" and "_"); the message names it and its route.',
  },
  FRAMEWORK_ERR_OPENAPI_INVALID_DOCUMENT: {
    status: 500,
    description:
      'assertValidOpenApi() found the document invalid against the OpenAPI 3.1 schema; the message lists the errors.',
  },
} as const satisfies Record<string, OpenApiErrorInfo>;

/** The `code` of every error this package throws: a key of `OPENAPI_ERROR_CODES`. */
export type OpenApiErrorCode = keyof typeof OPENAPI_ERROR_CODES;

/** An error of this package: a stable `code` from `OPENAPI_ERROR_CODES` and its `status`. */
export class OpenApiError extends Error {
  override readonly name = 'OpenApiError';
  readonly status: number;

  constructor(
    readonly code: OpenApiErrorCode,
    message: string,
  ) {
    super(message);
    this.status = OPENAPI_ERROR_CODES[code].status;
  }
}

/** An `FRAMEWORK_ERR_OPENAPI_INVALID_OPTION` error naming the function and the option. */
export function invalidOption(where: string, key: string, problem: string): OpenApiError {
  return new OpenApiError('FRAMEWORK_ERR_OPENAPI_INVALID_OPTION', `${where}: option "${key}" ${problem}`);
}
