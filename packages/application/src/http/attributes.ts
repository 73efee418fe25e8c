/** Request attribute holding the `RouteResult` of the routing middleware. */
export const ROUTE_RESULT_ATTRIBUTE = 'Framework\\Router\\RouteResult';

/** Marks a removed attribute in an attribute chain. */
const REMOVED: unique symbol = Symbol('removed');

/**
 * Attributes are a prototype chain of null-prototype objects: adding one is O(1) and never copies,
 * and user-chosen names (even `__proto__`) stay plain own keys.
 */
export type AttributeMap = Record<string, unknown>;

export const EMPTY_ATTRIBUTES: AttributeMap = /* @__PURE__ */ Object.freeze(
  Object.create(null),
) as AttributeMap;

export function withAttributeValue(parent: AttributeMap, name: string, value: unknown): AttributeMap {
  const map = Object.create(parent) as AttributeMap;
  map[name] = value;
  return map;
}

export function withAttributeValues(
  parent: AttributeMap,
  values: Readonly<Record<string, unknown>>,
): AttributeMap {
  const map = Object.create(parent) as AttributeMap;
  for (const name of Object.keys(values)) map[name] = values[name];
  return map;
}

export function withoutAttributeValue(parent: AttributeMap, name: string): AttributeMap {
  return withAttributeValue(parent, name, REMOVED);
}

export function readAttribute(map: AttributeMap, name: string): unknown {
  const value = map[name];
  return value === REMOVED ? undefined : value;
}

/** A flat null-prototype copy of the chain, without removed names. */
export function flattenAttributes(map: AttributeMap): Record<string, unknown> {
  const flat: Record<string, unknown> = Object.create(null);
  for (const name in map) {
    const value = map[name];
    if (value !== REMOVED) flat[name] = value;
  }
  return flat;
}

/** One chain link holding the route result and each matched param. */
export function withRouteAttributes(
  parent: AttributeMap,
  result: unknown,
  params: Readonly<Record<string, string>>,
): AttributeMap {
  const map = Object.create(parent) as AttributeMap;
  for (const name in params) map[name] = params[name];
  map[ROUTE_RESULT_ATTRIBUTE] = result;
  return map;
}
