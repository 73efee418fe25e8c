import { ApplicationError } from '../errors/application-error';
import { describeValue } from '../resolver/describe-middleware';
import { type AddressRange, inRanges, ipFamily, parseRange } from './ip-address';

/** The header trusted proxies report the client in. */
export type ForwardingHeader = 'x-forwarded-for' | 'forwarded';

/**
 * Which proxies may say who the client is, and in which header: `false` (default) none; a number:
 * that many proxies nearest to the server, whoever they are; a list: the proxies at these addresses
 * or CIDR ranges (`'10.0.0.0/8'`, `'::1'`, `'fd00::/8'`). Both read `X-Forwarded-For`; the object
 * form names the header: `{ addresses: ['10.0.0.0/8'], header: 'forwarded' }` reads RFC 7239's
 * `Forwarded` instead. Only the chosen header is read, never whichever is present.
 */
export type TrustProxy =
  | false
  | number
  | readonly string[]
  | {
      readonly hops?: number;
      readonly addresses?: readonly string[];
      /** Default `'x-forwarded-for'` (what nginx, HAProxy and cloud load balancers append to). */
      readonly header?: ForwardingHeader;
    };

/** Whom a request believes: the hop `hop` (0 = the peer of the socket) at `address`, through `header`. */
export interface ProxyTrust {
  /** Whether the proxy at hop `hop` (0 = the socket's peer), at `address`, is believed. */
  readonly trusts: (address: string, hop: number) => boolean;
  /** The one forwarding header read. */
  readonly header: ForwardingHeader;
}

/** Most forwarded addresses read from one request; more are ignored (the nearest are kept). */
export const MAX_FORWARDED_HOPS = 32;

const compiled = new WeakMap<object, ProxyTrust>();
const byCount: ProxyTrust[] = [];

/** The trust for an option, or undefined when no proxy is trusted; a bad option throws. */
export function compileTrustProxy(option: TrustProxy | undefined): ProxyTrust | undefined {
  if (option === undefined || option === false) return undefined;
  if (typeof option === 'number') return hopsTrust(option, 'x-forwarded-for');
  if (typeof option !== 'object' || option === null) throw invalid(option);
  const known = compiled.get(option);
  if (known !== undefined) return known;
  const trust = Array.isArray(option)
    ? addressTrust(option, 'x-forwarded-for')
    : objectTrust(option as Exclude<TrustProxy, false | number | readonly string[]>);
  if (trust !== undefined) compiled.set(option, trust);
  return trust;
}

function objectTrust(
  option: Exclude<TrustProxy, false | number | readonly string[]>,
): ProxyTrust | undefined {
  const { hops, addresses, header = 'x-forwarded-for' } = option;
  const extra = Object.keys(option).filter(
    (key) => key !== 'hops' && key !== 'addresses' && key !== 'header',
  );
  if (header !== 'x-forwarded-for' && header !== 'forwarded') throw invalid(header);
  if (extra.length > 0 || (hops === undefined) === (addresses === undefined)) throw invalid(option);
  return addresses === undefined ? hopsTrust(hops, header) : addressTrust(addresses, header);
}

function hopsTrust(count: unknown, header: ForwardingHeader): ProxyTrust | undefined {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > MAX_FORWARDED_HOPS) {
    throw invalid(count);
  }
  if (count === 0) return undefined;
  if (header === 'forwarded') return { trusts: (_address, hop) => hop < count, header };
  return (byCount[count] ??= { trusts: (_address, hop) => hop < count, header });
}

function addressTrust(entries: unknown, header: ForwardingHeader): ProxyTrust {
  if (!Array.isArray(entries)) throw invalid(entries);
  const ranges = entries.map((entry: unknown): AddressRange => {
    const range = typeof entry === 'string' ? parseRange(entry) : undefined;
    if (range === undefined) throw invalid(entry);
    return range;
  });
  return { trusts: (address) => inRanges(address, ranges), header };
}

function invalid(value: unknown): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_APP_INVALID_OPTION',
    `Option trustProxy must be false, a number of proxies from 0 to ${MAX_FORWARDED_HOPS}, a list of ` +
      `IP addresses and CIDR ranges such as ["10.0.0.0/8", "::1"], or an object with one of hops and ` +
      `addresses and an optional header ('x-forwarded-for' or 'forwarded'); got ${describeValue(value)}.`,
  );
}

/**
 * The client's address: from the socket's peer, step back through the forwarded addresses while the
 * current hop is trusted. An entry that is not an IP address (`unknown`, an obfuscated name) stops the
 * walk at the proxy that sent it.
 */
export function resolveClientAddress(
  peer: string | undefined,
  headers: { forwarded?: string | string[]; 'x-forwarded-for'?: string | string[] },
  trust: ProxyTrust | undefined,
): string | undefined {
  if (peer === undefined || trust === undefined) return peer;
  const forwarded = forwardedAddresses(headers, trust.header);
  let address = peer;
  for (let hop = 0; hop < forwarded.length && trust.trusts(address, hop); hop++) {
    const next = forwarded[hop] as string;
    if (ipFamily(next) === 0) break;
    address = next;
  }
  return address;
}

/** The addresses in the chosen header, nearest first, at most `MAX_FORWARDED_HOPS`; the other header is ignored. */
function forwardedAddresses(
  headers: { forwarded?: string | string[]; 'x-forwarded-for'?: string | string[] },
  header: ForwardingHeader,
): string[] {
  const list = joined(headers[header]);
  if (list === undefined) return [];
  return header === 'forwarded' ? nearest(list).map(forValue) : nearest(list).map((entry) => entry.trim());
}

function joined(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

/** The last `MAX_FORWARDED_HOPS` comma-separated elements, nearest (rightmost) first. */
function nearest(list: string): string[] {
  return list.split(',').slice(-MAX_FORWARDED_HOPS).reverse();
}

/** The address of one `Forwarded` element's `for=` (quotes, brackets and port removed), or `''`. */
function forValue(element: string): string {
  for (const pair of element.split(';')) {
    const equals = pair.indexOf('=');
    if (equals === -1 || pair.slice(0, equals).trim().toLowerCase() !== 'for') continue;
    let value = pair.slice(equals + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (value.startsWith('[')) return value.slice(1, value.indexOf(']') === -1 ? 1 : value.indexOf(']'));
    const colon = value.indexOf(':');
    return colon !== -1 && value.indexOf(':', colon + 1) === -1 ? value.slice(0, colon) : value;
  }
  return '';
}
