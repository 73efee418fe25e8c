import type { StandardSchemaV1 } from '@standard-schema/spec';
import { ValidateMiddleware } from '@framework/middleware';
import { jsonSchemaOf } from './json-schema';
import type { JsonSchema, OpenApiParameter } from './open-api-types';
import type { SchemaComponents } from './schema-components';

/** What a route's `validate()` middleware says it accepts, as OpenAPI parts. */
export interface RouteInputs {
  readonly validates: boolean;
  /** The JSON body's schema, when a `validate()` checks one (`{}` when it cannot be described). */
  readonly body: JsonSchema | undefined;
  readonly query: readonly OpenApiParameter[];
  readonly headers: readonly OpenApiParameter[];
  /** Schemas of path params by name, from `validate({ params })`. */
  readonly params: Readonly<Record<string, JsonSchema>>;
  /** Why a part could not be described, one line each. */
  readonly undescribed: readonly string[];
}

type Place = OpenApiParameter['in'];

/** Headers OpenAPI says a header parameter must not name: the request body and security describe them. */
const NOT_HEADER_PARAMETERS = ['accept', 'content-type', 'authorization'];

/**
 * Reads the `validate()` middleware of a route's (flattened) middleware list, each schema by its
 * input side (what the client sends); named schemas go to `components`, `at` names the route.
 */
export function routeInputs(
  middleware: readonly unknown[],
  components: SchemaComponents,
  at: string,
): RouteInputs {
  const validators = middleware.filter(
    (entry): entry is ValidateMiddleware<Record<string, StandardSchemaV1>> =>
      entry instanceof ValidateMiddleware,
  );
  const undescribed: string[] = [];
  const describe = (target: string, schema: StandardSchemaV1, inline: boolean): JsonSchema | undefined => {
    const result = jsonSchemaOf(schema, 'input');
    if ('schema' in result) return components.add(result.schema, 'input', `${at} (${target})`, inline);
    undescribed.push(`${target}: ${result.reason}`);
    return undefined;
  };
  const parameters = (target: 'query' | 'params' | 'headers', place: Place): OpenApiParameter[] =>
    validators.flatMap(({ schemas }) => {
      const schema = schemas[target] === undefined ? undefined : describe(target, schemas[target], true);
      return schema === undefined ? [] : propertiesOf(schema, target, place, undescribed);
    });
  const bodies = validators.flatMap(({ schemas }) => (schemas.body === undefined ? [] : [schemas.body]));
  const bodySchemas = bodies.map((schema) => describe('body', schema, false) ?? {});
  const params: Record<string, JsonSchema> = Object.create(null);
  for (const parameter of parameters('params', 'path')) {
    if (parameter.schema !== undefined) params[parameter.name] = parameter.schema;
  }
  return {
    validates: validators.length > 0,
    body:
      bodySchemas.length === 0
        ? undefined
        : bodySchemas.length === 1
          ? bodySchemas[0]
          : { allOf: bodySchemas },
    query: parameters('query', 'query'),
    headers: parameters('headers', 'header').filter(
      ({ name }) => !NOT_HEADER_PARAMETERS.includes(name.toLowerCase()),
    ),
    params,
    undescribed,
  };
}

/** The properties of an object schema as parameters, each required or not; anything else is noted as undescribed. */
function propertiesOf(
  schema: JsonSchema,
  target: string,
  place: Place,
  undescribed: string[],
): OpenApiParameter[] {
  const properties = schema.properties;
  if (schema.type !== 'object' || properties === null || typeof properties !== 'object') {
    undescribed.push(`${target}: the schema is not an object with properties.`);
    return [];
  }
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  return Object.entries(properties as Record<string, JsonSchema>).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || required.includes(name),
    schema: property,
  }));
}
