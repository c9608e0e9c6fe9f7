import { isIP } from 'node:net';

/**
 * Which push endpoints the server may call. A subscription's endpoint is a URL a user hands us and the
 * reminder scheduler later connects to, so without these rules any signed-in user could make the
 * server open connections inside its own network (server-side request forgery).
 */
export interface PushEndpointPolicy {
  /**
   * Test only: a local push service stand-in on loopback (127.0.0.0/8, ::1) is accepted, and any port.
   * Never on in a deployment; the tests and the end-to-end stack set it.
   */
  allowLoopback: boolean;
  /**
   * When set, only these hosts: an exact name, or `*.example.com` for any name under example.com.
   * Empty: any host whose addresses are public.
   */
  allowedHosts: readonly string[];
}

export const DEFAULT_PUSH_ENDPOINT_POLICY: PushEndpointPolicy = {
  allowLoopback: false,
  allowedHosts: [],
};

/** Push services listen on HTTPS's own port; only with the test allowance may another be used. */
const PUSH_PORT = '';

/** [first address as a number, prefix length] */
type Range = readonly [bigint, number];

function ipv4ToBigInt(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

/** The 128-bit value of an IPv6 address (a zone id such as `%eth0` dropped, a dotted IPv4 tail read). */
function ipv6ToBigInt(input: string): bigint {
  let address = input.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (dotted) {
    const v4 = ipv4ToBigInt(dotted);
    address = `${address.slice(0, -dotted.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [
    ...headGroups,
    ...Array<string>(tail === undefined ? 0 : missing).fill('0'),
    ...tailGroups,
  ];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

const v4 = (cidr: string): Range => {
  const [base = '', prefix = '32'] = cidr.split('/');
  return [ipv4ToBigInt(base), Number(prefix)];
};
const v6 = (cidr: string): Range => {
  const [base = '', prefix = '128'] = cidr.split('/');
  return [ipv6ToBigInt(base), Number(prefix)];
};

const inRange = (value: bigint, [base, prefix]: Range, bits: number) => {
  const shift = BigInt(bits - prefix);
  return value >> shift === base >> shift;
};

/** IPv4 ranges that are not the public internet (RFC 6890 and friends). */
const V4_NOT_PUBLIC: Range[] = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, cloud metadata (169.254.169.254)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, broadcast
].map(v4);
const V4_LOOPBACK = v4('127.0.0.0/8');

/** IPv6 forms that carry an IPv4 address in their low 32 bits: that address decides. */
const V6_EMBEDDING_V4: Range[] = [
  '::ffff:0:0/96', // IPv4-mapped
  '::/96', // IPv4-compatible (deprecated)
  '64:ff9b::/96', // NAT64, well-known prefix
].map(v6);
/** 6to4 carries its IPv4 address in bits 16-47. */
const V6_6TO4 = v6('2002::/16');
/** Only global unicast is public; inside it, these are not. */
const V6_GLOBAL = v6('2000::/3');
const V6_NOT_PUBLIC_IN_GLOBAL: Range[] = [
  '2001::/23', // IETF protocol assignments, Teredo (2001::/32) included
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
].map(v6);
const V6_LOOPBACK = v6('::1/128');

export type AddressVerdict = 'public' | 'loopback' | 'not-public';

function classifyV4(value: bigint): AddressVerdict {
  if (inRange(value, V4_LOOPBACK, 32)) return 'loopback';
  return V4_NOT_PUBLIC.some((range) => inRange(value, range, 32)) ? 'not-public' : 'public';
}

/**
 * Whether an IP address is on the public internet. Loopback is told apart (the test stand-in lives
 * there); everything else that is not public (private, link-local, carrier NAT, multicast, unique-local
 * fc00::/7, link-local fe80::/10, IPv4 inside IPv6 forms that point at such an address) is `not-public`.
 */
export function classifyAddress(address: string): AddressVerdict {
  const family = isIP(address.split('%')[0] ?? '');
  if (family === 4) return classifyV4(ipv4ToBigInt(address));
  if (family !== 6) return 'not-public';
  const value = ipv6ToBigInt(address);
  if (value === 0n) return 'not-public';
  if (inRange(value, V6_LOOPBACK, 128)) return 'loopback';
  if (V6_EMBEDDING_V4.some((range) => inRange(value, range, 128))) {
    return classifyV4(value & 0xffffffffn);
  }
  if (inRange(value, V6_6TO4, 128)) {
    const embedded = classifyV4((value >> 80n) & 0xffffffffn);
    return embedded === 'public' ? 'public' : 'not-public';
  }
  if (!inRange(value, V6_GLOBAL, 128)) return 'not-public';
  return V6_NOT_PUBLIC_IN_GLOBAL.some((range) => inRange(value, range, 128))
    ? 'not-public'
    : 'public';
}

/** Whether the policy lets the sender connect to this resolved address. */
export function addressAllowed(address: string, policy: PushEndpointPolicy): boolean {
  const verdict = classifyAddress(address);
  return verdict === 'public' || (verdict === 'loopback' && policy.allowLoopback);
}

const hostMatches = (host: string, pattern: string) => {
  const wanted = pattern.toLowerCase();
  return wanted.startsWith('*.') ? host.endsWith(wanted.slice(1)) : host === wanted;
};

/** The URL's host without IPv6 brackets or a trailing dot. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');

/**
 * Why this endpoint may not be called, or null when it may, judged on the URL alone (no DNS): HTTPS,
 * no credentials in it, HTTPS's own port, a name (or a public address) on the allowlist if there is
 * one, and not `localhost`. The addresses a name resolves to are checked when a reminder is sent.
 */
export function endpointProblem(endpoint: string, policy: PushEndpointPolicy): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint must be a URL';
  }
  if (url.protocol !== 'https:') return 'The endpoint must be an https URL';
  if (url.username || url.password) return 'The endpoint must not carry a user name or password';
  const host = bareHost(url).toLowerCase();
  const literal = isIP(host) !== 0;
  const loopbackStandIn = policy.allowLoopback && literal && classifyAddress(host) === 'loopback';
  if (literal && !addressAllowed(host, policy)) {
    return 'The endpoint must be a push service on the public internet';
  }
  if (!literal && (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'))) {
    return 'The endpoint must be a push service on the public internet';
  }
  if (url.port !== PUSH_PORT && !policy.allowLoopback)
    return 'The endpoint must use the https port';
  if (
    policy.allowedHosts.length > 0 &&
    !loopbackStandIn &&
    !policy.allowedHosts.some((pattern) => hostMatches(host, pattern))
  ) {
    return 'The endpoint is not one of the push services this server sends to';
  }
  return null;
}
