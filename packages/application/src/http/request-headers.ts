/**
 * The headers of a request: lower-case names; a repeated header is one string joined with `, `,
 * except `set-cookie` (an array). The shape of Node's `IncomingHttpHeaders`, on every runtime.
 */
export interface RequestHeaders {
  [name: string]: string | string[] | undefined;
  accept?: string;
  'accept-encoding'?: string;
  'accept-language'?: string;
  authorization?: string;
  'cache-control'?: string;
  connection?: string;
  'content-encoding'?: string;
  'content-length'?: string;
  'content-type'?: string;
  cookie?: string;
  forwarded?: string;
  host?: string;
  'if-match'?: string;
  'if-modified-since'?: string;
  'if-none-match'?: string;
  'if-range'?: string;
  'if-unmodified-since'?: string;
  origin?: string;
  range?: string;
  referer?: string;
  'set-cookie'?: string[];
  'transfer-encoding'?: string;
  'user-agent'?: string;
  'x-forwarded-for'?: string;
}
