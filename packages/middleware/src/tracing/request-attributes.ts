import type { ServerRequest } from '@framework/application';
import type { Attributes } from '@opentelemetry/api';
import type { NormalizedMethod } from './http-method';
import { serverAddressOf } from './server-address';

/**
 * The attributes of the HTTP semantic conventions known when the request arrives. The query string,
 * the headers and the body are never recorded: they carry credentials and personal data.
 */
export function requestAttributes(
  request: ServerRequest,
  method: NormalizedMethod,
  scheme: string,
  withClientAddress: boolean,
): Attributes {
  const attributes: Attributes = {
    'http.request.method': method.method,
    'url.path': request.originalPath,
    'url.scheme': scheme,
  };
  if (method.original !== undefined) attributes['http.request.method_original'] = method.original;
  const server = serverAddressOf(request.header('host') ?? request.header(':authority'), scheme);
  if (server !== undefined) {
    attributes['server.address'] = server.address;
    attributes['server.port'] = server.port;
  }
  const userAgent = request.header('user-agent');
  if (userAgent !== undefined) attributes['user_agent.original'] = userAgent;
  const client = withClientAddress ? request.clientAddress : undefined;
  if (client !== undefined) attributes['client.address'] = client;
  return attributes;
}

/** `https` or `http`, from the absolute URL the request was received as. */
export function schemeOf(request: ServerRequest): string {
  return request.url.startsWith('https:') ? 'https' : 'http';
}
