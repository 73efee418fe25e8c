import { ApplicationError } from '../errors/application-error';

/** The media type of a `Content-Type` value, lower case, without parameters (`''` when absent). */
export function mediaTypeOf(contentType: string | undefined): string {
  if (contentType === undefined) return '';
  const semicolon = contentType.indexOf(';');
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

/** `application/json` or a structured `+json` type (`application/problem+json`, `application/ld+json`). */
export function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** The 415 error of a body reader that was given a content type it does not read. */
export function unsupportedMediaType(
  reader: string,
  expected: string,
  type: string,
  fix: string,
): ApplicationError {
  const got = type === '' ? 'no Content-Type' : `Content-Type ${JSON.stringify(type)}`;
  return new ApplicationError(
    'FRAMEWORK_ERR_BODY_UNSUPPORTED_MEDIA_TYPE',
    `${reader} reads ${expected} bodies; the request has ${got}. ${fix}`,
  );
}
