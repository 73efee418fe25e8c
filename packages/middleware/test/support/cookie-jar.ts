import type { IncomingHttpHeaders } from 'node:http';

/** One `Set-Cookie` header, read: name, value and attributes (lower-case names). */
export interface SetCookieLine {
  readonly name: string;
  readonly value: string;
  readonly attributes: Readonly<Record<string, string | true>>;
  readonly raw: string;
}

/** The `Set-Cookie` headers of an answer. */
export function setCookies(headers: IncomingHttpHeaders): SetCookieLine[] {
  return (headers['set-cookie'] ?? []).map((raw) => {
    const [pair = '', ...rest] = raw.split(';');
    const eq = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const part of rest) {
      const [key = '', ...value] = part.trim().split('=');
      attributes[key.toLowerCase()] = value.length === 0 ? true : value.join('=');
    }
    return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes, raw };
  });
}

/** A browser's cookie store for one origin: keeps what answers set, drops what they expire. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the cookies an answer sets. */
  take(headers: IncomingHttpHeaders): void {
    for (const cookie of setCookies(headers)) {
      if (cookie.attributes['max-age'] === '0') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** The `Cookie` header to send, or an empty object when there is none. */
  header(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }
}
