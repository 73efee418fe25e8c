import { ApplicationError } from '../errors/application-error';

const ACCEPT_IDENTITY = /* @__PURE__ */ Object.freeze({ 'accept-encoding': 'identity' });

/**
 * Refuses a coded request body (`Content-Encoding: gzip`, `br`, …) before it is read: the body readers
 * do not decode, and handing compressed bytes on as if they were the body would be wrong, and decoding
 * them would need a limit on the decoded size too. A 415 error that names the coding (RFC 9110 §15.5.16).
 */
export function assertIdentityCoding(contentEncoding: string | undefined): void {
  if (contentEncoding === undefined) return;
  const coding = contentEncoding.trim().toLowerCase();
  if (coding === '' || coding === 'identity') return;
  throw new ApplicationError(
    'FRAMEWORK_ERR_BODY_UNSUPPORTED_ENCODING',
    `The request body has Content-Encoding ${JSON.stringify(contentEncoding)}, which is not decoded. Send ` +
      'it without, or read the coded bytes from request.toRequest().',
    { headers: ACCEPT_IDENTITY },
  );
}
