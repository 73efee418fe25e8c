import { STATUS_CODES } from 'node:http';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { DeclaredResponse, DeclaredResponses } from '../describe-route';
import { jsonSchemaOf } from './json-schema';
import type { SchemaComponents } from './schema-components';

/**
 * The answers a route (`at`, `GET /notes`) declared with `describeRoute()`, as OpenAPI responses
 * described by the schemas' output side; `undescribed` gets the reasons one could not be.
 */
export function declaredResponses(
  responses: DeclaredResponses | undefined,
  components: SchemaComponents,
  at: string,
  undescribed: string[],
): Record<string, unknown> {
  const described: Record<string, unknown> = {};
  for (const [status, declared] of Object.entries(responses ?? {})) {
    if (declared === undefined) continue;
    const response: DeclaredResponse = isSchema(declared) ? { schema: declared } : declared;
    const content: Record<string, unknown> = {};
    if (response.schema !== undefined) {
      const result = jsonSchemaOf(response.schema, 'output');
      if ('reason' in result) undescribed.push(`response ${status}: ${result.reason}`);
      content.schema =
        'schema' in result ? components.add(result.schema, 'output', `${at} (response ${status})`) : {};
    }
    if (response.example !== undefined) content.example = response.example;
    described[status] = {
      description: response.description ?? STATUS_CODES[status] ?? `Status ${status}`,
      ...(response.schema === undefined && response.example === undefined
        ? {}
        : { content: { [response.contentType ?? 'application/json']: content } }),
    };
  }
  return described;
}

function isSchema(value: StandardSchemaV1 | DeclaredResponse): value is StandardSchemaV1 {
  return typeof (value as Partial<StandardSchemaV1>)['~standard'] === 'object';
}
