/** `@framework/openapi/testing`: checks for a test suite. */
export { assertValidOpenApi } from './assert-valid-open-api';
