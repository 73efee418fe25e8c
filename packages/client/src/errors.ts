/** One entry of the error catalogue: what the error means. */
export interface ClientErrorInfo {
  readonly description: string;
}

/**
 * Every error `@framework/client` raises carries one of these stable codes; the README documents each
 * of them (a test checks that). They are raised before any request is sent.
 */
export const CLIENT_ERROR_CODES = {
  FRAMEWORK_ERR_CLIENT_INVALID_PARAM: {
    description:
      'A path param is missing, unknown to the path, or a value that would change the path (empty, ".", "..", not a string or finite number, a lone surrogate); the message names it.',
  },
  FRAMEWORK_ERR_CLIENT_INVALID_OPTION: {
    description:
      'createClient() or a call was given an option it cannot use (base URL that is relative, not http(s) or carries credentials; query value; body on GET); the message names it.',
  },
} as const satisfies Record<string, ClientErrorInfo>;

/** The `code` of every error this package throws: a key of `CLIENT_ERROR_CODES`. */
export type ClientErrorCode = keyof typeof CLIENT_ERROR_CODES;

/** An error of this package, thrown before anything is sent: a stable `code` from `CLIENT_ERROR_CODES`. */
export class ClientError extends Error {
  override readonly name = 'ClientError';

  constructor(
    readonly code: ClientErrorCode,
    message: string,
  ) {
    super(message);
  }
}
