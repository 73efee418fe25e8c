import { type AnyResponse, LightResponse } from '@framework/application';

/** The header methods shared by the light responses' headers and WHATWG `Headers`. */
export interface EditableHeaders {
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  append(name: string, value: string): void;
  delete(name: string): void;
}

/**
 * Runs `edit` on the response's headers and returns the response to send: the same object, or a copy
 * when its headers are immutable (a WHATWG `Response` that came from `fetch()`).
 */
export function editHeaders(response: AnyResponse, edit: (headers: EditableHeaders) => void): AnyResponse {
  try {
    edit(response.headers);
    return response;
  } catch (error) {
    if (response instanceof LightResponse) throw error;
    // An immutable Headers throws a TypeError from undici's realm, so the error's class is not checked:
    // a copy has mutable headers, and an edit that fails on it too throws from there.
    const copy = new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    edit(copy.headers);
    return copy;
  }
}
