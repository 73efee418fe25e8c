import { OpenApiError } from '../errors';
import type { JsonSchema } from './open-api-types';

/** Which side of a schema a JSON Schema describes: what a request sends, or what a handler answers. */
export type SchemaSide = 'input' | 'output';

/** One schema the document lists under `components.schemas`, as one conversion met it. */
interface Definition {
  /** The name its library gave it (a user's id), or undefined for one the library named itself. */
  readonly name: string | undefined;
  readonly side: SchemaSide;
  /** The route and part it was met in, for errors. */
  readonly where: string;
  /** Its JSON Schema as the library wrote it, to tell two schemas of one name apart. */
  readonly written: string;
  /** Its JSON Schema with references into the components; set once, by the conversion that met it first. */
  content: JsonSchema | undefined;
  /** The named definitions its content refers to. */
  readonly refersTo: Set<Definition>;
  component?: string;
}

/** A `$ref` of the document waiting for its target's component name. */
interface Link {
  readonly holder: { $ref: string };
  readonly target: Definition;
  /** What the reference points at inside the target (`/properties/id`), usually nothing. */
  readonly pointer: string;
}

const LOCAL_DEFINITION = /^#\/\$defs\/([^/]+)(.*)$/;
const ROOT = /^#(\/.*)?$/;
/** What OpenAPI allows as a key of `components.schemas`; such a name needs no escaping in a `$ref`. */
const COMPONENT_NAME = /^[\w.-]+$/;

/**
 * The named schemas of one document. Each schema a library names (zod's `.meta({ id })`, a key of the
 * `$defs` its JSON Schema output carries) becomes one entry of `components.schemas`, and every use of
 * it a `$ref` there. Where a schema's input and output differ (a transform, a default), the input is
 * listed as `<name>Input`. Two different schemas of one name are an error naming where each was met.
 */
export class SchemaComponents {
  private readonly named = new Map<string, Definition>();
  private readonly unnamed: Definition[] = [];
  private readonly links: Link[] = [];

  /** `reserved` are the framework's own schemas; no user schema may take their names. */
  constructor(private readonly reserved: Readonly<Record<string, JsonSchema>>) {}

  /**
   * The schema with its `$defs` moved into the components and its references pointing there. With
   * `inline`, a schema that is only a reference to one of its definitions is given as that definition
   * (parameters are read from an object schema's properties).
   */
  add(converted: JsonSchema, side: SchemaSide, where: string, inline = false): JsonSchema {
    const { $defs, ...root } = converted;
    const written = isRecord($defs) ? ($defs as Record<string, JsonSchema>) : {};
    const local = new Map<string, Definition>();
    for (const [key, schema] of Object.entries(written)) {
      // zod names the schemas it lifts itself `__schema0`, `__schema1` … within one conversion.
      local.set(key, this.define(key.startsWith('__') ? undefined : key, side, where, schema));
    }
    const rootDefinition = refersToRoot(root) ? this.define(undefined, side, where, root) : undefined;
    const rewrite = (schema: unknown, owner: Definition | undefined) =>
      this.rewrite(schema, (ref) => target(ref, local, rootDefinition), owner) as JsonSchema;
    for (const [key, definition] of local) {
      definition.content ??= rewrite(written[key], definition);
    }
    if (rootDefinition !== undefined) {
      rootDefinition.content = rewrite(root, rootDefinition);
      return rewrite({ $ref: '#' }, undefined);
    }
    const only = onlyReference(root);
    const inlined = inline && only !== undefined ? LOCAL_DEFINITION.exec(only) : null;
    if (inlined !== null && inlined[2] === '' && written[inlined[1]!] !== undefined) {
      return rewrite(written[inlined[1]!], undefined);
    }
    return rewrite(root, undefined);
  }

  /** `components.schemas`: the framework's, then every named schema; sets every `$ref` of the document. */
  schemas(): Record<string, JsonSchema> {
    const listed: Record<string, JsonSchema> = Object.create(null);
    const differing = this.namesWhoseSidesDiffer();
    for (const definition of this.named.values()) {
      const name = definition.name!;
      const component = definition.side === 'input' && differing.has(name) ? `${name}Input` : name;
      const taken = this.named.get(`output:${component}`) ?? this.named.get(`input:${component}`);
      if (component !== name && taken !== undefined) throw clash(component, taken.where, definition.where);
      definition.component = component;
      if (listed[component] === undefined || definition.side === 'output') {
        listed[component] = definition.content!;
      }
    }
    let count = 0;
    for (const definition of this.unnamed) {
      do count += 1;
      while (listed[`Schema${count}`] !== undefined);
      definition.component = `Schema${count}`;
      listed[definition.component] = definition.content!;
    }
    for (const { holder, target, pointer } of this.links) {
      holder.$ref = `#/components/schemas/${target.component!}${pointer}`;
    }
    const names = Object.keys(listed).sort();
    return { ...this.reserved, ...Object.fromEntries(names.map((name) => [name, listed[name]!])) };
  }

  private define(name: string | undefined, side: SchemaSide, where: string, schema: JsonSchema): Definition {
    const written = JSON.stringify(schema);
    if (name !== undefined && !COMPONENT_NAME.test(name)) {
      throw new OpenApiError(
        'FRAMEWORK_ERR_OPENAPI_INVALID_SCHEMA_NAME',
        `openApiDocument(): the schema named ${JSON.stringify(name)} in ${where} cannot be a component ` +
          'name; use letters, digits, ".", "-" and "_".',
      );
    }
    if (name !== undefined && Object.hasOwn(this.reserved, name)) {
      throw clash(name, where, "the framework's error answers");
    }
    const known = name === undefined ? undefined : this.named.get(`${side}:${name}`);
    if (known !== undefined) {
      if (known.written !== written) throw clash(name!, known.where, where);
      return known;
    }
    const definition: Definition = { name, side, where, written, content: undefined, refersTo: new Set() };
    if (name === undefined) this.unnamed.push(definition);
    else this.named.set(`${side}:${name}`, definition);
    return definition;
  }

  /** A copy of `schema` whose references to the conversion's definitions wait for their component names. */
  private rewrite(
    schema: unknown,
    resolve: (ref: string) => { target: Definition; pointer: string } | undefined,
    owner: Definition | undefined,
  ): unknown {
    if (Array.isArray(schema)) return schema.map((item) => this.rewrite(item, resolve, owner));
    if (!isRecord(schema)) return schema;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema)) copy[key] = this.rewrite(value, resolve, owner);
    const found = typeof schema.$ref === 'string' ? resolve(schema.$ref) : undefined;
    if (found !== undefined) {
      this.links.push({ holder: copy as { $ref: string }, ...found });
      if (found.target.name !== undefined) owner?.refersTo.add(found.target);
    }
    return copy;
  }

  /** Names met on both sides whose input and output differ, in themselves or in a schema they refer to. */
  private namesWhoseSidesDiffer(): Set<string> {
    const differing = new Set<string>();
    for (const definition of this.named.values()) {
      const output = this.named.get(`output:${definition.name!}`);
      if (definition.side === 'input' && output !== undefined && output.written !== definition.written) {
        differing.add(definition.name!);
      }
    }
    for (let grew = true; grew;) {
      grew = false;
      for (const definition of this.named.values()) {
        const name = definition.name!;
        if (differing.has(name) || !this.named.has(`input:${name}`) || !this.named.has(`output:${name}`))
          continue;
        if ([...definition.refersTo].some((target) => differing.has(target.name!))) {
          differing.add(name);
          grew = true;
        }
      }
    }
    return differing;
  }
}

function target(
  ref: string,
  local: ReadonlyMap<string, Definition>,
  root: Definition | undefined,
): { target: Definition; pointer: string } | undefined {
  const definition = LOCAL_DEFINITION.exec(ref);
  if (definition !== null) {
    const found = local.get(pointerToken(definition[1]!));
    return found === undefined ? undefined : { target: found, pointer: definition[2]! };
  }
  const inRoot = ROOT.exec(ref);
  return inRoot !== null && root !== undefined ? { target: root, pointer: inRoot[1] ?? '' } : undefined;
}

/** A JSON pointer token of a URI fragment as the key it names (`a~1b` is `a/b`); malformed escapes kept as written. */
function pointerToken(token: string): string {
  let key = token;
  try {
    key = decodeURIComponent(token);
  } catch {
    // a malformed %-escape names no definition; the reference is left as written
  }
  return key.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Whether a schema refers to its own root (`#`, `#/properties/…`): a recursive schema without a name. */
function refersToRoot(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(refersToRoot);
  if (!isRecord(schema)) return false;
  if (typeof schema.$ref === 'string' && ROOT.test(schema.$ref) && !LOCAL_DEFINITION.test(schema.$ref)) {
    return true;
  }
  return Object.values(schema).some(refersToRoot);
}

function onlyReference(schema: JsonSchema): string | undefined {
  const keys = Object.keys(schema);
  return keys.length === 1 && typeof schema.$ref === 'string' ? schema.$ref : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clash(name: string, first: string, second: string): OpenApiError {
  return new OpenApiError(
    'FRAMEWORK_ERR_OPENAPI_SCHEMA_NAME_CLASH',
    `openApiDocument(): two different schemas are named "${name}", one in ${first} and one in ${second}; ` +
      'give them different ids.',
  );
}
