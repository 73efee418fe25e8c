/**
 * Says what a config value is, for error messages: strings quoted as JSON (`"high"`), numbers and
 * booleans as written (`1.5`, `true`), `null`, `undefined`, `an array`, `an object`, `function auth`,
 * `class Auth`, `an instance of Map`.
 */
export function describeConfigValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || value === undefined || typeof value !== 'object') {
    return typeof value === 'function' ? describeFunction(value) : String(value);
  }
  if (Array.isArray(value)) return 'an array';
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === null || prototype === Object.prototype) return 'an object';
  const name = (prototype as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? `an instance of ${name}` : 'an object';
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
function describeFunction(fn: Function): string {
  const kind = Function.prototype.toString.call(fn).startsWith('class') ? 'class' : 'function';
  return fn.name === '' ? `an anonymous ${kind}` : `${kind} ${fn.name}`;
}
