/**
 * `@framework/openapi`: an OpenAPI 3.1 document read from an application as registered, and a
 * middleware serving it with a docs page.
 */
export {
  openApiDocument,
  type DescribedApplication,
  type OpenApiDocumentOptions,
} from './document/open-api-document';
export { internal } from './document/internal';
export type {
  JsonSchema,
  OpenApiDocument,
  OpenApiInfo,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiServer,
} from './document/open-api-types';
export {
  describeRoute,
  DescribeRouteMiddleware,
  ROUTE_DESCRIPTION,
  type DeclaredResponse,
  type DeclaredResponses,
  type RouteDescription,
} from './describe-route';
export { OPENAPI_ERROR_CODES, OpenApiError, type OpenApiErrorCode, type OpenApiErrorInfo } from './errors';
export { openApi, OpenApiMiddleware, type OpenApiMiddlewareOptions } from './serve/open-api-middleware';
