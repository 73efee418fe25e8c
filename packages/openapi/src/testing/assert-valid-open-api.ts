import { OpenApiError } from '../errors';

/**
 * Validates a document against the OpenAPI 3.1 schema (with `@seriousme/openapi-schema-validator`,
 * which the project installs as a dev dependency) and that every `$ref` resolves; rejects with an
 * `OpenApiError` (`FRAMEWORK_ERR_OPENAPI_INVALID_DOCUMENT`) listing what is wrong.
 *
 * @example
 * await assertValidOpenApi(openApiDocument(app, { info: { title: 'Notes', version: '1.0.0' } }));
 */
export async function assertValidOpenApi(document: unknown): Promise<void> {
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  // The validator resolves $refs in place: it reads a copy, never the caller's document.
  const copy = JSON.parse(JSON.stringify(document)) as Record<string, unknown>;
  const result = await new Validator().validate(copy);
  if (result.valid) return;
  const errors = typeof result.errors === 'string' ? result.errors : JSON.stringify(result.errors, null, 2);
  throw new OpenApiError(
    'FRAMEWORK_ERR_OPENAPI_INVALID_DOCUMENT',
    `The document is not valid OpenAPI 3.1:\n${errors}`,
  );
}
