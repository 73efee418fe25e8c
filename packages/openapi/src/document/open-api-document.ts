import { mountedApplications, type RouteTableSource } from '@framework/application/route-table';
import { invalidOption } from '../errors';
import { FRAMEWORK_COMPONENTS } from './framework-responses';
import { isInternal } from './internal';
import type { OpenApiDocument, OpenApiInfo, OpenApiOperation, OpenApiServer } from './open-api-types';
import { routeOperations } from './route-operations';
import { SchemaComponents } from './schema-components';
import type { PipingApplication } from './route-security';

/** What `openApiDocument()` reads of an application: routes, mounts and (when it has it) what it piped. */
export type DescribedApplication = RouteTableSource & PipingApplication['application'];

/** What the document says besides the routes. */
export interface OpenApiDocumentOptions {
  /** OpenAPI's `info`: `title` and `version` are required. */
  readonly info: OpenApiInfo;
  readonly servers?: readonly OpenApiServer[];
}

const OPTION_KEYS = ['info', 'servers'];

/**
 * An OpenAPI 3.1 document of an application as registered, read from its routes and the applications
 * mounted in it (under their prefixes; those marked `internal()` left out): paths from the templates
 * (an inline constraint as the parameter's `pattern`), the route name as `operationId`, body, query
 * params and headers from `validate()` schemas (named ones as `$ref` components), the answers `describeRoute()` declares and those the
 * framework gives itself (RFC 9457 problem details), security from auth middleware. What cannot be
 * described is said in `x-framework-undescribed`, never guessed.
 *
 * @example
 * const document = openApiDocument(app, { info: { title: 'Notes', version: '1.0.0' } });
 */
export function openApiDocument(app: DescribedApplication, options: OpenApiDocumentOptions): OpenApiDocument {
  checkDocumentOptions(options);
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  const securitySchemes: Record<string, unknown> = {};
  const operationIds = new Set<string>();
  const components = new SchemaComponents(FRAMEWORK_COMPONENTS.schemas);
  for (const { application, mount, outer } of mountedApplications<DescribedApplication>(app, isInternal)) {
    for (const route of application.getRoutes()) {
      const described = routeOperations(route, mount, [...outer, { application, mount }], components);
      for (const { name, scheme } of described.schemes) securitySchemes[name] = scheme;
      const item = (paths[described.path] ??= {});
      for (const [method, operation] of Object.entries(described.operations)) {
        if (item[method] !== undefined) continue; // the first route registered answers
        const base = described.operationId ?? route.getName();
        const operationId = unique(route.allowsAnyMethod() ? `${base}_${method}` : base, mount, operationIds);
        item[method] = { operationId, ...operation } as OpenApiOperation;
      }
    }
  }
  return {
    openapi: '3.1.1',
    info: options.info,
    ...(options.servers === undefined ? {} : { servers: options.servers }),
    paths,
    components: {
      schemas: components.schemas(),
      responses: FRAMEWORK_COMPONENTS.responses,
      ...(Object.keys(securitySchemes).length === 0 ? {} : { securitySchemes }),
    },
  };
}

/** `id`, or with the mount path and then a number added until no operation has it yet. */
function unique(id: string, mount: string, taken: Set<string>): string {
  let candidate = taken.has(id) && mount !== '' ? `${mount}${id}` : id;
  for (let count = 2; taken.has(candidate); count++) candidate = `${id}_${count}`;
  taken.add(candidate);
  return candidate;
}

/** Throws an `OpenApiError` naming the first option `openApiDocument()` cannot use. */
export function checkDocumentOptions(options: OpenApiDocumentOptions): void {
  if (options === null || typeof options !== 'object') {
    throw invalidOption('openApiDocument()', 'options', 'must be an object with info: { title, version }.');
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.includes(key))
      throw invalidOption('openApiDocument()', key, `is unknown; use ${OPTION_KEYS.join(', ')}.`);
  }
  const info = options.info as Partial<OpenApiInfo> | undefined;
  if (typeof info?.title !== 'string' || typeof info.version !== 'string') {
    throw invalidOption('openApiDocument()', 'info', 'must have a string title and version.');
  }
  if (options.servers !== undefined && !Array.isArray(options.servers)) {
    throw invalidOption('openApiDocument()', 'servers', 'must be a list of { url } objects.');
  }
}
