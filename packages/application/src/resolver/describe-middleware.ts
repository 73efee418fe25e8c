import { middlewareKind } from './markers';

/** Names a middleware for error messages: `middleware service "auth"`, `class Auth`, `function login`, … */
export function describeMiddleware(value: unknown): string {
  return typeof value === 'string' ? `middleware service ${JSON.stringify(value)}` : describeValue(value);
}

/** Says what a value is, for error messages: `a string "x"`, `class Auth`, `function login`, … */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'function') {
    const name = value.name;
    if (isClass(value)) return `class ${name || '(anonymous)'}`;
    return name ? `function ${name}` : 'an anonymous function';
  }
  if (Array.isArray(value)) return `an array of ${value.length} middleware`;
  const kind = middlewareKind(value);
  if (kind !== undefined)
    return `${kind} middleware wrapping ${describeValue((value as { callable?: unknown }).callable)}`;
  if (typeof value === 'object') {
    const ctor = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor
      ?.name;
    if (ctor && ctor !== 'Object') return `an instance of ${ctor}`;
    const keys = Object.keys(value).slice(0, 3);
    return keys.length ? `an object with keys ${keys.join(', ')}` : 'an empty object';
  }
  return `${typeof value} ${String(value)}`;
}

/** True for `class` syntax and for old-style constructors whose prototype has `process` or `handle`. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export function isClass(fn: Function): boolean {
  if (/^class[\s{]/.test(Function.prototype.toString.call(fn))) return true;
  const proto = (fn as { prototype?: Record<string, unknown> }).prototype;
  return proto !== undefined && (typeof proto.process === 'function' || typeof proto.handle === 'function');
}
