import { ClientError } from './errors';
import { fillPath } from './fill-path';
import { readAnswer } from './read-answer';
import type { Client, HeadersInput } from './types/client';
import type { ClientRoutes } from './types/client-routes';
import { writeQuery } from './write-query';

/** How the client sends: the `fetch` to use (`app.fetch` in tests) and headers for every call. */
export interface ClientOptions {
  /** Sends a request; default the global `fetch`. */
  readonly fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every call (a call's own headers win). Nothing else is added. */
  readonly headers?: HeadersInput;
}

/** What one call may carry at run time. */
interface RawOptions {
  readonly params?: Readonly<Record<string, unknown>>;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
  readonly headers?: HeadersInput;
  readonly signal?: AbortSignal;
}

const OPTION_KEYS = new Set(['params', 'query', 'body', 'headers', 'signal']);
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function baseOf(baseUrl: string | URL): URL {
  if (!URL.canParse(String(baseUrl))) {
    throw new ClientError(
      'FRAMEWORK_ERR_CLIENT_INVALID_OPTION',
      `createClient(): baseUrl must be an absolute URL, got ${JSON.stringify(String(baseUrl))}.`,
    );
  }
  const base = new URL(String(baseUrl));
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new ClientError(
      'FRAMEWORK_ERR_CLIENT_INVALID_OPTION',
      `createClient(): baseUrl must be an http: or https: URL, got ${JSON.stringify(base.protocol)}.`,
    );
  }
  if (base.username !== '' || base.password !== '') {
    throw new ClientError(
      'FRAMEWORK_ERR_CLIENT_INVALID_OPTION',
      'createClient(): baseUrl may not carry a user name or password; send credentials in headers.',
    );
  }
  return base;
}

function checkOptions(method: string, path: string, options: RawOptions): void {
  const unknown = Object.keys(options).find((key) => !OPTION_KEYS.has(key));
  if (unknown !== undefined) {
    throw new ClientError(
      'FRAMEWORK_ERR_CLIENT_INVALID_OPTION',
      `${method} ${path}: option "${unknown}" is unknown; use ${[...OPTION_KEYS].join(', ')}.`,
    );
  }
  if (method === 'GET' && options.body !== undefined) {
    throw new ClientError(
      'FRAMEWORK_ERR_CLIENT_INVALID_OPTION',
      `GET ${path}: a GET request carries no body.`,
    );
  }
}

/**
 * A typed client of an application's routes, read from the type of an object holding the routes that
 * `get()`, `post()` … returned: paths, params, query, JSON body and the answer per status are checked
 * at compile time, with no generated code. Calls go through `fetch`; params are percent-encoded and a
 * value that would change the path is refused.
 *
 * @example
 * // server.ts
 * export const api = { note: app.get('/notes/{id:\\d+}', (request) => new JsonResponse(find(request.params.id))) };
 * // client.ts
 * const client = createClient<typeof api>('https://notes.example');
 * const answer = await client.get('/notes/{id}', { params: { id: 1 } });
 * if (answer.status === 200) console.log(answer.body.title);
 */
export function createClient<Api>(
  baseUrl: string | URL,
  options: ClientOptions = {},
): Client<ClientRoutes<Api>> {
  const base = baseOf(baseUrl);
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const basePath = base.pathname.replace(/\/+$/, '');

  const call = async (method: string, path: string, given: RawOptions = {}) => {
    checkOptions(method, path, given);
    const url = new URL(base);
    url.pathname = `${basePath}${fillPath(path, given.params)}`;
    url.search = '';
    url.hash = '';
    writeQuery(url.searchParams, given.query);
    const headers = new Headers(options.headers);
    for (const [name, value] of new Headers(given.headers)) headers.set(name, value);
    const hasBody = given.body !== undefined;
    if (hasBody && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const request = new Request(url, {
      method,
      headers,
      ...(hasBody ? { body: JSON.stringify(given.body) } : {}),
      ...(given.signal === undefined ? {} : { signal: given.signal }),
    });
    return readAnswer(await send(request));
  };

  const client: Record<string, unknown> = Object.create(null);
  for (const method of METHODS) {
    client[method.toLowerCase()] = (path: string, given?: RawOptions) => call(method, path, given);
  }
  return Object.freeze(client) as unknown as Client<ClientRoutes<Api>>;
}
