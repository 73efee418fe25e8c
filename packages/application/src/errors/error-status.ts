// Apart from the catalogue's descriptions, so that what raises errors carries only this table; keyed by
// the codes as text, since the catalogue reads this file and not the other way round.
const NOT_500: Readonly<Record<string, number>> = {
  FRAMEWORK_ERR_REQUEST_MALFORMED_URL: 400,
  FRAMEWORK_ERR_REQUEST_ABORTED: 400,
  FRAMEWORK_ERR_REQUEST_TIMEOUT: 503,
  FRAMEWORK_ERR_BODY_INVALID_JSON: 400,
  FRAMEWORK_ERR_BODY_TOO_LARGE: 413,
  FRAMEWORK_ERR_BODY_UNSUPPORTED_MEDIA_TYPE: 415,
  FRAMEWORK_ERR_BODY_TOO_MANY_FIELDS: 413,
  FRAMEWORK_ERR_BODY_TOO_DEEP: 413,
  FRAMEWORK_ERR_BODY_UNSUPPORTED_ENCODING: 415,
};

/** The HTTP status an error of `code` answers with: 500 unless the catalogue says otherwise. */
export function statusOfCode(code: string): number {
  return Object.hasOwn(NOT_500, code) ? (NOT_500[code] as number) : 500;
}
