/** A header value as response helpers accept it. */
export type HeaderValue = string | number | readonly string[];

/** Headers given to a response helper: a plain object, `[name, value]` pairs or a `Headers`-like object. */
export type ResponseHeadersInit =
  | Readonly<Record<string, HeaderValue>>
  | Iterable<readonly [string, string]>
  | {
      /** Calls `callback` for each header (a `Headers` object has this). */
      forEach(callback: (value: string, name: string) => void): void;
    };

/** Lower-case header name to value; arrays only for repeated headers (null prototype). */
export type HeaderMap = Record<string, string | string[]>;

/**
 * The `Headers`-like view of a lightweight response: same reading and writing methods, no undici
 * object behind it. Names are case-insensitive.
 */
export class ResponseHeaders implements Iterable<[string, string]> {
  /** @internal */
  constructor(readonly map: HeaderMap) {}

  /** The value of `name` (repeated values joined with `, `), or null. */
  get(name: string): string | null {
    const value = this.map[name.toLowerCase()];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  }

  /** Every `set-cookie` value, one per cookie. */
  getSetCookie(): string[] {
    const value = this.map['set-cookie'];
    return value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
  }

  /** True when the header `name` is present. */
  has(name: string): boolean {
    return this.map[name.toLowerCase()] !== undefined;
  }

  /** Sets `name` to `value`, replacing any earlier value. */
  set(name: string, value: string | number): void {
    this.map[name.toLowerCase()] = String(value);
  }

  /** Adds a value to `name`, keeping earlier ones. */
  append(name: string, value: string | number): void {
    const key = name.toLowerCase();
    const previous = this.map[key];
    if (previous === undefined) this.map[key] = String(value);
    else if (typeof previous === 'string') this.map[key] = [previous, String(value)];
    else previous.push(String(value));
  }

  /** Removes the header `name`. */
  delete(name: string): void {
    delete this.map[name.toLowerCase()];
  }

  /** Calls `callback` for each header, as `Headers.forEach` does. */
  forEach(callback: (value: string, name: string, headers: ResponseHeaders) => void): void {
    for (const [name, value] of this.entries()) callback(value, name, this);
  }

  /** `[name, value]` pairs, names lower-case. */
  *entries(): IterableIterator<[string, string]> {
    for (const name of Object.keys(this.map).sort()) {
      const value = this.map[name] as string | string[];
      if (name === 'set-cookie' && typeof value !== 'string') for (const item of value) yield [name, item];
      else yield [name, typeof value === 'string' ? value : value.join(', ')];
    }
  }

  /** The header names, lower-case. */
  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  /** The header values. */
  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  /** Same as `entries()`. */
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

/** Copies headers given in any accepted form into a null-prototype map. */
export function toHeaderMap(init: ResponseHeadersInit | undefined): HeaderMap {
  const map: HeaderMap = Object.create(null);
  if (init === undefined || init === null) return map;
  const headers = new ResponseHeaders(map);
  if (typeof (init as { forEach?: unknown }).forEach === 'function' && !Array.isArray(init)) {
    (init as { forEach(cb: (value: string, name: string) => void): void }).forEach((value, name) =>
      headers.append(name, value),
    );
  } else if (typeof (init as Iterable<unknown>)[Symbol.iterator] === 'function') {
    for (const [name, value] of init as Iterable<readonly [string, string]>) headers.append(name, value);
  } else {
    const record = init as Readonly<Record<string, HeaderValue>>;
    for (const name of Object.keys(record)) {
      const value = record[name] as HeaderValue;
      if (typeof value === 'object') for (const item of value) headers.append(name, item);
      else headers.append(name, value);
    }
  }
  return map;
}
