import type { StandardSchemaV1 } from '@standard-schema/spec';
import { ValidateMiddleware } from '@framework/middleware';
import { jsonSchemaOf } from './json-schema';
import type { JsonSchema, OpenApiParameter } from './open-api-types';

/** What a route's `validate()` middleware says it accepts, as OpenAPI parts. */
export interface RouteInputs {
  readonly validates: boolean;
  /** The JSON body's schema, when a `validate()` checks one (`{}` when it cannot be described). */
  readonly body: JsonSchema | undefined;
  readonly query: readonly OpenApiParameter[];
  /** Schemas of path params by name, from `validate({ params })`. */
  readonly params: Readonly<Record<string, JsonSchema>>;
  /** Why a part could not be described, one line each. */
  readonly undescribed: readonly string[];
}

/** Reads the `validate()` middleware of a route's (flattened) middleware list. */
export function routeInputs(middleware: readonly unknown[]): RouteInputs {
  const validators = middleware.filter(
    (entry): entry is ValidateMiddleware<Record<string, StandardSchemaV1>> =>
      entry instanceof ValidateMiddleware,
  );
  const undescribed: string[] = [];
  const describe = (target: string, schema: StandardSchemaV1): JsonSchema | undefined => {
    const result = jsonSchemaOf(schema, 'input');
    if ('schema' in result) return result.schema;
    undescribed.push(`${target}: ${result.reason}`);
    return undefined;
  };
  const bodies = validators.flatMap(({ schemas }) => (schemas.body === undefined ? [] : [schemas.body]));
  const bodySchemas = bodies.map((schema) => describe('body', schema) ?? {});
  const query: OpenApiParameter[] = [];
  const params: Record<string, JsonSchema> = Object.create(null);
  for (const { schemas } of validators) {
    if (schemas.query !== undefined) {
      const schema = describe('query', schemas.query);
      if (schema !== undefined) query.push(...propertiesOf(schema, 'query', undescribed));
    }
    if (schemas.params !== undefined) {
      const schema = describe('params', schemas.params);
      if (schema !== undefined) {
        for (const parameter of propertiesOf(schema, 'path', undescribed)) {
          if (parameter.schema !== undefined) params[parameter.name] = parameter.schema;
        }
      }
    }
  }
  return {
    validates: validators.length > 0,
    body:
      bodySchemas.length === 0
        ? undefined
        : bodySchemas.length === 1
          ? bodySchemas[0]
          : { allOf: bodySchemas },
    query,
    params,
    undescribed,
  };
}

/** The properties of an object schema as parameters; anything else is noted as undescribed. */
function propertiesOf(
  schema: JsonSchema,
  place: 'query' | 'path',
  undescribed: string[],
): OpenApiParameter[] {
  const properties = schema.properties;
  if (schema.type !== 'object' || properties === null || typeof properties !== 'object') {
    undescribed.push(
      `${place === 'path' ? 'params' : 'query'}: the schema is not an object with properties.`,
    );
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
