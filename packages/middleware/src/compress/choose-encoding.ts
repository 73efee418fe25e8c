import { Negotiator } from '@fastify/accept-negotiator';
import type { CompressionEncoding } from './compress-options';

/** Longest `Accept-Encoding` value considered; a longer one is answered without compression. */
export const MAX_ACCEPT_ENCODING_LENGTH = 512;

// A weight of zero: `q=0`, `q=0.`, `q=0.000` (RFC 9110 §12.4.2).
const ZERO_WEIGHT = /^q=0(?:\.0{0,3})?$/;

/**
 * Picks the encoding for an `Accept-Encoding` value: the client's q-values first, then the server's
 * order. Malformed, oversized or absent values, and `identity`, give undefined (no compression). A
 * coding listed with `q=0` is never chosen, not even through `*` (RFC 9110 §12.5.3).
 */
export function encodingChooser(
  encodings: readonly CompressionEncoding[],
): (acceptEncoding: string | undefined) => CompressionEncoding | undefined {
  const negotiator = new Negotiator<CompressionEncoding>({ supportedValues: [...encodings] });
  return (acceptEncoding) => {
    if (acceptEncoding === undefined || acceptEncoding.length > MAX_ACCEPT_ENCODING_LENGTH) return undefined;
    // Content codings are case-insensitive (RFC 9110 §8.4.1): `GZIP` is gzip.
    const value = acceptEncoding.toLowerCase();
    const chosen = negotiator.negotiate(value) ?? undefined;
    if (chosen === undefined) return undefined;
    const refused = refusedCodings(value);
    if (!refused.has(chosen)) return chosen;
    const others = encodings.filter((encoding) => !refused.has(encoding));
    return others.length === 0
      ? undefined
      : (new Negotiator({ supportedValues: others }).negotiate(value) ?? undefined);
  };
}

/** The codings an `Accept-Encoding` value names with a weight of zero. */
function refusedCodings(value: string): Set<string> {
  const refused = new Set<string>();
  for (const member of value.split(',')) {
    const [coding = '', ...parameters] = member.split(';').map((part) => part.replace(/\s/g, ''));
    if (parameters.some((parameter) => ZERO_WEIGHT.test(parameter))) refused.add(coding);
  }
  return refused;
}
