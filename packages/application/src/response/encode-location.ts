import { ApplicationError } from '../errors/application-error';

// Control characters (C0 and DEL): never valid in a header value; CR/LF would split the answer.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// Runs of characters a URL may not hold as they are, and `%` not followed by two hex digits; valid
// escapes like `%20` are left alone, so an encoded location is not encoded twice.
const TO_ENCODE = /(?:[^\x21\x23-\x3B\x3D\x3F-\x5B\x5D\x5F\x61-\x7A\x7E]|%(?![0-9A-Fa-f]{2}))+/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A redirect target made safe for the `Location` header: non-ASCII characters, spaces and other
 * characters a URL may not hold are percent-encoded (UTF-8), existing escapes are kept. Control
 * characters are refused: they are never part of a URL, and CR/LF would inject headers.
 */
export function encodeLocation(location: string): string {
  const control = CONTROL.exec(location);
  if (control !== null) {
    throw new ApplicationError(
      'FRAMEWORK_ERR_RESPONSE_INVALID_LOCATION',
      `The redirect location ${JSON.stringify(location)} holds the control character ` +
        `U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at index ${control.index}; ` +
        'a location must not contain control characters (CR and LF would split the answer).',
    );
  }
  return location.replace(LONE_SURROGATE, '\uFFFD').replace(TO_ENCODE, encodeURI);
}
