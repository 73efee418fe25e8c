import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonSchema } from './open-api-types';

/** A schema as JSON Schema, or why it cannot be described. */
export type JsonSchemaResult = { readonly schema: JsonSchema } | { readonly reason: string };

interface JsonSchemaConverter {
  readonly input?: (options: { readonly target: string }) => unknown;
  readonly output?: (options: { readonly target: string }) => unknown;
}

/**
 * A Standard Schema validator's JSON Schema (draft 2020-12) through Standard Schema's JSON Schema
 * interface (`~standard.jsonSchema`): `input` for what a request sends, `output` for what a handler
 * answers (they differ where the schema transforms). A library without the interface, or a schema it
 * cannot express (a transform's output, say), gives a reason instead: never a guessed schema.
 */
export function jsonSchemaOf(schema: StandardSchemaV1, side: 'input' | 'output'): JsonSchemaResult {
  const standard = schema['~standard'] as StandardSchemaV1['~standard'] & {
    readonly jsonSchema?: JsonSchemaConverter;
  };
  const convert = standard.jsonSchema?.[side];
  if (typeof convert !== 'function') {
    return { reason: `${standard.vendor} offers no JSON Schema for its schemas (Standard JSON Schema).` };
  }
  try {
    const converted = convert.call(standard.jsonSchema, { target: 'draft-2020-12' });
    if (converted === null || typeof converted !== 'object') {
      return { reason: `${standard.vendor} gave no JSON Schema object.` };
    }
    // A JSON copy: what the document publishes is plain data, even from a library that gives back
    // shared, cyclic or getter-laden objects (a cycle is refused here, never walked without end).
    const copy = JSON.parse(JSON.stringify(converted)) as Record<string, unknown>;
    const { $schema: _dialect, ...rest } = copy;
    return { schema: rest };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { reason: `${standard.vendor} cannot express the ${side} as JSON Schema: ${message}` };
  }
}
