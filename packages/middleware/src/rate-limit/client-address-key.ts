import type { ServerRequest } from '@framework/application';

/** The bucket of every request whose client address is unknown or not an IP address. */
export const UNKNOWN_CLIENT_KEY = 'unknown';

/**
 * The default rate-limit key: the client address as the application resolves it (the socket's peer,
 * or what trusted proxies forwarded under the `trustProxy` option), normalised so that one client is
 * one key and one key is not many clients: an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, what a
 * dual-stack socket reports for an IPv4 peer) is the IPv4 address, and an IPv6 address counts by its
 * /64 network (`2001:db8:1:2::/64`), the block one subscriber gets and can rotate within at will.
 * A request without an address, or with one that is not an IP address, gets `'unknown'`: all such
 * requests share one allowance, never none.
 */
export function clientAddressKey(request: ServerRequest): string {
  const address = request.clientAddress;
  return (address === undefined ? undefined : addressBucket(address)) ?? UNKNOWN_CLIENT_KEY;
}

/** An IP address as its rate-limit bucket, or undefined when it is not an IP address. */
export function addressBucket(address: string): string | undefined {
  if (address.length > 64) return undefined;
  const plain = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (parseIPv4(plain) !== undefined) return plain;
  const groups = parseIPv6(plain);
  if (groups === undefined) return undefined;
  if (isIPv4Mapped(groups)) return ipv4FromGroups(groups[6] as number, groups[7] as number);
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

function parseIPv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes: number[] = [];
  for (const part of parts) {
    // No leading zeros: `010.0.0.1` is octal to some parsers and decimal to others.
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return undefined;
    bytes.push(Number(part));
  }
  return bytes;
}

/** The eight 16-bit groups of an IPv6 address (zone index dropped), or undefined. */
function parseIPv6(text: string): number[] | undefined {
  const zone = text.indexOf('%');
  const address = (zone === -1 ? text : text.slice(0, zone)).toLowerCase();
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const head = groupsOf(halves[0] as string);
  const tail = halves.length === 2 ? groupsOf(halves[1] as string) : [];
  if (head === undefined || tail === undefined) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

/** The groups of one side of `::`; a dotted IPv4 tail counts as two groups. */
function groupsOf(side: string): number[] | undefined {
  if (side === '') return [];
  const parts = side.split(':');
  const groups: number[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (i === parts.length - 1 && part.includes('.')) {
      const bytes = parseIPv4(part);
      if (bytes === undefined) return undefined;
      groups.push(
        ((bytes[0] as number) << 8) | (bytes[1] as number),
        ((bytes[2] as number) << 8) | (bytes[3] as number),
      );
    } else if (/^[0-9a-f]{1,4}$/.test(part)) {
      groups.push(parseInt(part, 16));
    } else {
      return undefined;
    }
  }
  return groups;
}

function isIPv4Mapped(groups: readonly number[]): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}

function ipv4FromGroups(high: number, low: number): string {
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}
