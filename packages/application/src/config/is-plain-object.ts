/**
 * Whether `value` is a plain object: `{}` literal, `Object.create(null)` or parsed JSON, from any realm.
 * Class instances, arrays, module namespace objects, dates and maps are not.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (Object.prototype.toString.call(value) !== '[object Object]') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
