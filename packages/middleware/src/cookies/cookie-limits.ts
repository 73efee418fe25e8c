/** Cookies after this many in one `Cookie` header are ignored. */
export const MAX_REQUEST_COOKIES = 100;
/** A request cookie whose value is longer than this (bytes, as sent) is ignored. */
export const MAX_COOKIE_VALUE_LENGTH = 4096;
/** Browsers drop a `Set-Cookie` larger than this; `setCookie()` refuses it instead. */
export const MAX_SET_COOKIE_LENGTH = 4096;
