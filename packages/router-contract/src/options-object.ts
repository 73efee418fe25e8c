/** Whether `value` can hold options: an object, not `null`, not an array. */
export function isOptionsObject(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
