/** A short description of a value's type for error messages: `null`, `array`, `class Foo`, `string`... */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'function') {
    const source = Function.prototype.toString.call(value);
    const kind = source.startsWith('class') ? 'class' : 'function';
    return value.name === '' ? kind : `${kind} ${value.name}`;
  }
  return typeof value;
}
