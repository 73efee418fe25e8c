import type { Route } from '@framework/router-contract';
import { routeDescriptionOf } from '../describe-route';
import { declaredResponses } from './declared-responses';
import { frameworkResponses } from './framework-responses';
import type { JsonSchema, OpenApiOperation, OpenApiParameter } from './open-api-types';
import { routeInputs } from './route-inputs';
import type { SchemaComponents } from './schema-components';
import { flatten, type PipingApplication, routeSecurity } from './route-security';
import type { SecurityScheme } from './security';

/** The methods OpenAPI can list, lower-cased as its path items key them. */
const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** The methods a route answering any method is listed under. */
export const ANY_METHOD_LISTED = ['get', 'put', 'post', 'delete', 'patch'];

/** One route of the document: its path, its operations by method, and the schemes they require. */
export interface RouteOperations {
  readonly path: string;
  readonly operations: Readonly<Record<string, Omit<OpenApiOperation, 'operationId'>>>;
  readonly operationId: string | undefined;
  readonly schemes: readonly SecurityScheme[];
}

/**
 * Describes one route found under `mount`, with the applications around it (its own last); its named
 * schemas go to `components`.
 */
export function routeOperations(
  route: Route<unknown>,
  mount: string,
  around: readonly PipingApplication[],
  components: SchemaComponents,
): RouteOperations {
  const path = mount + route.template.source;
  const methods = route.getAllowedMethods();
  const at = `${methods === null ? 'ANY' : methods.join('|')} ${path}`;
  const middleware = flatten(route.getMiddleware());
  const description = middleware.map(routeDescriptionOf).find((found) => found !== undefined);
  const inputs = routeInputs(middleware, components, at);
  const schemes = routeSecurity(path, middleware, around);
  const undescribed = [...inputs.undescribed];
  const declared = declaredResponses(description?.responses, components, at, undescribed);
  const listed =
    methods === null
      ? ANY_METHOD_LISTED
      : methods
          .map((method: string) => method.toLowerCase())
          .filter((method: string) => OPENAPI_METHODS.includes(method));
  const responses = {
    ...(Object.keys(declared).some((status) => Number(status) < 400)
      ? {}
      : { default: { description: "The handler's answer (describeRoute({ responses }) declares it)." } }),
    ...frameworkResponses({
      validates: inputs.validates,
      readsBody: inputs.body !== undefined,
      authenticates: schemes.length > 0,
      hasMethodList: methods !== null,
    }),
    ...declared,
  };
  const parameters = [...pathParameters(route, inputs.params), ...inputs.query, ...inputs.headers];
  const operation = {
    ...(description?.summary === undefined ? {} : { summary: description.summary }),
    ...(description?.description === undefined ? {} : { description: description.description }),
    ...(description?.tags === undefined ? {} : { tags: [...description.tags] }),
    ...(description?.deprecated === undefined ? {} : { deprecated: description.deprecated }),
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(inputs.body === undefined
      ? {}
      : { requestBody: { required: true, content: { 'application/json': { schema: inputs.body } } } }),
    responses,
    ...(schemes.length === 0
      ? {}
      : { security: [Object.fromEntries(schemes.map(({ name }) => [name, []]))] }),
    ...(methods === null ? { 'x-framework-any-method': true } : {}),
    ...(undescribed.length === 0 ? {} : { 'x-framework-undescribed': undescribed }),
  };
  return {
    path,
    operations: Object.fromEntries(listed.map((method: string) => [method, operation])),
    operationId: description?.operationId,
    schemes,
  };
}

/** The route's placeholders as path parameters: the `validate({ params })` schema, else a string with the route's pattern. */
function pathParameters(
  route: Route<unknown>,
  validated: Readonly<Record<string, JsonSchema>>,
): OpenApiParameter[] {
  const tokens = route.getTokens();
  return route.template.paramNames.map((name: string): OpenApiParameter => {
    const pattern = tokens[name]?.source;
    const schema = validated[name] ?? { type: 'string' };
    const patterned = pattern !== undefined && schema.type === 'string' && schema.pattern === undefined;
    return { name, in: 'path', required: true, schema: patterned ? { ...schema, pattern } : schema };
  });
}
