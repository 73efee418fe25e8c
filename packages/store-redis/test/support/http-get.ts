import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';

/** What came back over the socket. */
export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** GET `path` from `origin` on a fresh connection; rejects when no answer comes within five seconds. */
export function get(origin: string, path = '/'): Promise<Answer> {
  return send(origin, 'GET', path);
}

/** `method` `path` on a fresh connection with `headers` and `body`; rejects when no answer comes within five seconds. */
export function send(
  origin: string,
  method: string,
  path: string,
  headers: OutgoingHttpHeaders = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { agent: false, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.setTimeout(5000, () =>
      req.destroy(new Error(`No answer to ${method} ${path} within 5 s: a hung request`)),
    );
    req.on('error', reject);
    req.end(body);
  });
}
