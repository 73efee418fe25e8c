import { ApplicationError } from '../errors/application-error';

/** The media type of a `Content-Type` value, lower case, without parameters (`''` when absent). */
export function mediaTypeOf(contentType: string | undefined): string {
  if (contentType === undefined) return '';
  const semicolon = contentType.indexOf(';');
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

/**
 * The `charset` parameter of a `Content-Type` value, lower case and unquoted, or undefined when it has
 * none.
 */
export function charsetOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  for (const parameter of contentType.split(';').slice(1)) {
    const equals = parameter.indexOf('=');
    if (equals === -1 || parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue;
    return parameter
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
  }
  return undefined;
}

/** Whether a body with this `Content-Type` is UTF-8 text: no charset parameter, or UTF-8 named. */
export function isUtf8Charset(contentType: string | undefined): boolean {
  const charset = charsetOf(contentType);
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}

/** `application/json` or a structured `+json` type (`application/problem+json`, `application/ld+json`). */
export function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** The 415 error of a body reader given a charset other than UTF-8 (bodies are decoded as UTF-8). */
export function unsupportedCharset(reader: string, contentType: string | undefined): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_BODY_UNSUPPORTED_MEDIA_TYPE',
    `${reader} reads UTF-8 bodies; the request has charset ${JSON.stringify(charsetOf(contentType))}.`,
  );
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
