/**
 * IP addresses in plain JS (no `node:net`), for trust proxy: which family a text is, and whether an
 * address falls in a list of addresses and CIDR ranges. Every address is a 128-bit number in IPv6's
 * space, IPv4 as its mapped form `::ffff:a.b.c.d`, so `10.0.0.0/8` also matches `::ffff:10.1.2.3`
 * and `::/0` matches every IPv4 address, as Node's `BlockList` does.
 */

const IPV4_PART = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]\d|\d)$/;
const IPV6_GROUP = /^[0-9A-Fa-f]{1,4}$/;
const ZONE = /^[0-9A-Za-z\-.:]+$/;
const MAPPED_PREFIX = 0xffffn << 32n;
const ALL_BITS = (1n << 128n) - 1n;

/** 4 or 6 when `text` is an IPv4 or IPv6 address (an IPv6 zone such as `%eth0` allowed), else 0: `net.isIP`. */
export function ipFamily(text: string): 0 | 4 | 6 {
  if (parseIPv4(text) !== undefined) return 4;
  return parseIPv6(text) !== undefined ? 6 : 0;
}

/** The address as a number in IPv6's space (IPv4 mapped), or undefined when it is none. */
export function addressNumber(text: string): bigint | undefined {
  const v4 = parseIPv4(text);
  return v4 === undefined ? parseIPv6(text) : MAPPED_PREFIX | BigInt(v4);
}

/** One rule of a list: the addresses whose top `bits` bits equal `network`'s. */
export interface AddressRange {
  readonly network: bigint;
  readonly mask: bigint;
}

/** The range of an address (`'::1'`) or CIDR range (`'10.0.0.0/8'`), or undefined when it is neither. */
export function parseRange(entry: string): AddressRange | undefined {
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const v4 = parseIPv4(address);
  const number = v4 === undefined ? parseIPv6(address) : MAPPED_PREFIX | BigInt(v4);
  if (number === undefined) return undefined;
  let bits = 128;
  if (slash !== -1) {
    const text = entry.slice(slash + 1);
    const prefix = Number(text);
    if (!/^\d{1,3}$/.test(text) || prefix > (v4 === undefined ? 128 : 32)) return undefined;
    bits = v4 === undefined ? prefix : 96 + prefix;
  }
  const mask = (ALL_BITS << BigInt(128 - bits)) & ALL_BITS;
  return { network: number & mask, mask };
}

/** Whether `address` lies in one of `ranges`. */
export function inRanges(address: string, ranges: readonly AddressRange[]): boolean {
  const number = addressNumber(address);
  if (number === undefined) return false;
  for (const range of ranges) if ((number & range.mask) === range.network) return true;
  return false;
}

function parseIPv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!IPV4_PART.test(part)) return undefined;
    value = value * 256 + Number(part);
  }
  return value;
}

function parseIPv6(text: string): bigint | undefined {
  const percent = text.indexOf('%');
  if (percent !== -1 && !ZONE.test(text.slice(percent + 1))) return undefined;
  const address = percent === -1 ? text : text.slice(0, percent);
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const head = groupsOf(halves[0] as string, halves.length === 1);
  const tail = halves.length === 2 ? groupsOf(halves[1] as string, true) : [];
  if (head === undefined || tail === undefined) return undefined;
  const count = head.length + tail.length;
  if (halves.length === 1 ? count !== 8 : count > 7) return undefined;
  let value = 0n;
  for (const group of head) value = (value << 16n) | BigInt(group);
  value <<= BigInt(16 * (8 - count));
  for (const group of tail) value = (value << 16n) | BigInt(group);
  return value;
}

/** The 16-bit groups of `a:b:c` (an IPv4 address may end the last part: two groups), or undefined. */
function groupsOf(part: string, last: boolean): number[] | undefined {
  if (part === '') return [];
  const texts = part.split(':');
  const groups: number[] = [];
  for (let index = 0; index < texts.length; index++) {
    const text = texts[index] as string;
    if (IPV6_GROUP.test(text)) groups.push(parseInt(text, 16));
    else if (last && index === texts.length - 1 && parseIPv4(text) !== undefined) {
      const v4 = parseIPv4(text) as number;
      groups.push(Math.floor(v4 / 65536), v4 % 65536);
    } else return undefined;
  }
  return groups;
}
