import { Negotiator } from '@fastify/accept-negotiator';
import type { CompressionEncoding } from './compress-options';

/** Longest `Accept-Encoding` value considered; a longer one is answered without compression. */
export const MAX_ACCEPT_ENCODING_LENGTH = 512;

/**
 * Picks the encoding for an `Accept-Encoding` value: the client's q-values first, then the server's
 * order. Malformed, oversized or absent values, and `identity`, give undefined (no compression).
 */
export function encodingChooser(
  encodings: readonly CompressionEncoding[],
): (acceptEncoding: string | undefined) => CompressionEncoding | undefined {
  const negotiator = new Negotiator<CompressionEncoding>({ supportedValues: [...encodings] });
  return (acceptEncoding) => {
    if (acceptEncoding === undefined || acceptEncoding.length > MAX_ACCEPT_ENCODING_LENGTH) return undefined;
    // Content codings are case-insensitive (RFC 9110 §8.4.1): `GZIP` is gzip.
    return negotiator.negotiate(acceptEncoding.toLowerCase()) ?? undefined;
  };
}
