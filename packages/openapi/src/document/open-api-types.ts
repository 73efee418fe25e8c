/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as a plain object. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** OpenAPI's Info object: `title` and `version` are required. */
export interface OpenApiInfo {
  readonly title: string;
  readonly version: string;
  readonly summary?: string;
  readonly description?: string;
  readonly [extension: string]: unknown;
}

/** OpenAPI's Server object. */
export interface OpenApiServer {
  readonly url: string;
  readonly description?: string;
}

/** An OpenAPI 3.1 document as this package writes it; extensions and fields it does not set stay open. */
export interface OpenApiDocument {
  readonly openapi: '3.1.1';
  readonly info: OpenApiInfo;
  readonly servers?: readonly OpenApiServer[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, OpenApiOperation>>>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, JsonSchema>>;
    readonly responses: Readonly<Record<string, unknown>>;
    readonly securitySchemes?: Readonly<Record<string, unknown>>;
  };
  readonly [extension: string]: unknown;
}

/** One operation (a method of a path) of the document. */
export interface OpenApiOperation {
  readonly operationId: string;
  readonly parameters?: readonly OpenApiParameter[];
  readonly requestBody?: unknown;
  readonly responses: Readonly<Record<string, unknown>>;
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[];
  readonly [field: string]: unknown;
}

/** A path, query or header parameter of an operation. */
export interface OpenApiParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required: boolean;
  readonly schema?: JsonSchema;
  readonly description?: string;
}
