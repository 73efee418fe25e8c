import type { IncomingHttpHeaders } from 'node:http';
import { type ParsedUrlQuery, parse as parseQuery } from 'node:querystring';
import { readNodeBody, readWebBody } from './read-body';
import type { NodeRequest } from './node-message';
import { splitTarget } from './split-target';

/**
 * What one incoming request shares between all the `ServerRequest` values derived from it: the raw
 * message, the parsed pieces (computed on first use) and the buffered body (read once).
 */
export abstract class RequestSource {
  readonly path: string;
  readonly rawQuery: string;
  private query: ParsedUrlQuery | undefined;
  private body: Promise<Buffer> | undefined;

  protected constructor(target: string) {
    // This is the hot path: one split, no URL object.
    const question = target.charCodeAt(0) === 47 ? target.indexOf('?') : -2;
    if (question === -1 && target.indexOf('#') === -1) {
      this.path = target;
      this.rawQuery = '';
    } else {
      const split = splitTarget(target);
      this.path = split.path;
      this.rawQuery = split.query;
    }
  }

  abstract readonly method: string;
  abstract headers(): IncomingHttpHeaders;
  /** The absolute URL (`http://host/path?query`). */
  abstract url(): string;
  protected abstract readRaw(limit: number): Promise<Buffer>;

  parsedQuery(): ParsedUrlQuery {
    if (this.query === undefined) this.query = parseQuery(this.rawQuery);
    return this.query;
  }

  /** The body, read once and shared; the limit of the first reader applies. */
  readBody(limit: number): Promise<Buffer> {
    if (this.body === undefined) this.body = this.readRaw(limit);
    return this.body;
  }
}

export class NodeRequestSource extends RequestSource {
  readonly method: string;

  constructor(private readonly req: NodeRequest) {
    super(req.url ?? '/');
    this.method = req.method ?? 'GET';
  }

  headers(): IncomingHttpHeaders {
    return this.req.headers;
  }

  url(): string {
    const target = this.req.url ?? '/';
    if (target.charCodeAt(0) !== 47) return target;
    const headers = this.req.headers;
    // HTTP/2 names the scheme and host in pseudo-headers.
    const scheme =
      (headers[':scheme'] as string | undefined) ??
      ((this.req.socket as { encrypted?: boolean } | null)?.encrypted === true ? 'https' : 'http');
    const host = headers.host ?? (headers[':authority'] as string | undefined) ?? 'localhost';
    return `${scheme}://${host}${target}`;
  }

  protected readRaw(limit: number): Promise<Buffer> {
    return readNodeBody(this.req, limit);
  }
}

export class WebRequestSource extends RequestSource {
  readonly method: string;
  private headerObject: IncomingHttpHeaders | undefined;

  constructor(private readonly request: Request) {
    super(request.url);
    this.method = request.method;
  }

  headers(): IncomingHttpHeaders {
    if (this.headerObject === undefined) {
      const headers: Record<string, string | string[]> = Object.create(null);
      this.request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const cookies = this.request.headers.getSetCookie();
      if (cookies.length > 0) headers['set-cookie'] = cookies;
      this.headerObject = headers as IncomingHttpHeaders;
    }
    return this.headerObject;
  }

  url(): string {
    return this.request.url;
  }

  protected readRaw(limit: number): Promise<Buffer> {
    return readWebBody(this.request, limit);
  }
}
