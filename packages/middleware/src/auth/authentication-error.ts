import { HttpError } from '@framework/application';
import { MIDDLEWARE_ERROR_CODES, type MiddlewareErrorCode } from '../errors';

/** The codes an `AuthenticationError` answers with. */
export type AnswerCode = Extract<
  MiddlewareErrorCode,
  'FRAMEWORK_ERR_AUTH_REQUIRED' | 'FRAMEWORK_ERR_AUTH_INVALID' | 'FRAMEWORK_ERR_AUTH_INVALID_REQUEST'
>;

/**
 * The error an auth middleware throws to refuse a request: the application answers it as
 * problem+json with its status and its `WWW-Authenticate` challenge. Missing and malformed
 * credentials are said plainly; why given credentials were refused (`expose: false`) only in
 * development mode, so a prober learns nothing about which check failed.
 */
export class AuthenticationError extends HttpError {
  readonly code: AnswerCode;

  constructor(code: AnswerCode, message: string, wwwAuthenticate: string, options: { cause?: unknown } = {}) {
    super(MIDDLEWARE_ERROR_CODES[code].status, message, {
      expose: code !== 'FRAMEWORK_ERR_AUTH_INVALID',
      headers: { 'www-authenticate': wwwAuthenticate },
      cause: options.cause,
    });
    this.code = code;
  }

  /** No credentials of the middleware's scheme: 401 with the plain challenge. */
  static required(wwwAuthenticate: string): AuthenticationError {
    return new AuthenticationError(
      'FRAMEWORK_ERR_AUTH_REQUIRED',
      'Authentication is required.',
      wwwAuthenticate,
    );
  }

  /** Credentials given and refused: 401, the reason in development mode only. */
  static refused(message: string, wwwAuthenticate: string, cause?: unknown): AuthenticationError {
    return new AuthenticationError('FRAMEWORK_ERR_AUTH_INVALID', message, wwwAuthenticate, { cause });
  }

  /** Credentials that break the scheme's syntax where the scheme has an answer for it: 400. */
  static malformed(message: string, wwwAuthenticate: string): AuthenticationError {
    return new AuthenticationError('FRAMEWORK_ERR_AUTH_INVALID_REQUEST', message, wwwAuthenticate);
  }
}
