import { BlockList, isIP } from 'node:net';

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

type Cidr = readonly [address: string, prefix: number];
const cidr = (text: string): Cidr => {
  const [address = '', prefix = ''] = text.split('/');
  return [address, Number(prefix)];
};

/** IPv4 ranges that are not the public internet (RFC 6890 and friends); loopback is told apart. */
const V4_LOOPBACK = cidr('127.0.0.0/8');
const V4_NOT_PUBLIC = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
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
].map(cidr);

/**
 * IPv6 forms that carry an IPv4 address in their low 32 bits, so that address decides: a range of
 * IPv4 addresses is the same range under the form's /96 prefix.
 */
const V6_EMBEDDING_V4 = [
  '::ffff:', // IPv4-mapped
  '::', // IPv4-compatible (deprecated)
  '64:ff9b::', // NAT64, well-known prefix
];
/** 6to4 (2002::/16) carries its IPv4 address in bits 16-47, written as two hex groups. */
function sixToFour([address, prefix]: Cidr): Cidr {
  const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number);
  const groups = [(a << 8) | b, (c << 8) | d].map((group) => group.toString(16));
  return [`2002:${groups.join(':')}::`, 16 + prefix];
}

/** Only global unicast (2000::/3) is public; inside it, these are not. */
const V6_NOT_PUBLIC_IN_GLOBAL = [
  '2001::/23', // IETF protocol assignments, Teredo (2001::/32) included
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
].map(cidr);
/** Everything outside 2000::/3 (unique-local fc00::/7, link-local fe80::/10, multicast ...). */
const V6_OUTSIDE_GLOBAL = ['::/3', '4000::/2', '8000::/1'].map(cidr);

function blockList(v4: readonly Cidr[], v6: readonly Cidr[]): BlockList {
  const list = new BlockList();
  for (const [address, prefix] of v4) list.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of v6) list.addSubnet(address, prefix, 'ipv6');
  return list;
}
/** The same IPv4 ranges in each IPv6 form that embeds an IPv4 address in its low 32 bits. */
const embedded = (ranges: readonly Cidr[]) =>
  V6_EMBEDDING_V4.flatMap((form) =>
    ranges.map(([address, prefix]): Cidr => [`${form}${address}`, 96 + prefix]),
  );

const LOOPBACK = blockList([V4_LOOPBACK], [['::1', 128], ...embedded([V4_LOOPBACK])]);
const NOT_PUBLIC = blockList(V4_NOT_PUBLIC, [
  ['::', 128],
  ...embedded(V4_NOT_PUBLIC),
  // A 6to4 address is public only when the IPv4 address it carries is; never loopback.
  ...[V4_LOOPBACK, ...V4_NOT_PUBLIC].map(sixToFour),
]);
/** IPv6 addresses whose embedded IPv4 address (checked above) decides. */
const CARRIES_V4 = blockList(
  [],
  [...V6_EMBEDDING_V4.map((form): Cidr => [`${form}0.0.0.0`, 96]), cidr('2002::/16')],
);
const NOT_GLOBAL_UNICAST = blockList([], [...V6_OUTSIDE_GLOBAL, ...V6_NOT_PUBLIC_IN_GLOBAL]);

export type AddressVerdict = 'public' | 'loopback' | 'not-public';

/**
 * Whether an IP address is on the public internet. Loopback is told apart (the test stand-in lives
 * there); everything else that is not public (private, link-local, carrier NAT, multicast, unique-local
 * fc00::/7, link-local fe80::/10, IPv4 inside IPv6 forms that point at such an address) is `not-public`.
 */
export function classifyAddress(input: string): AddressVerdict {
  const address = input.split('%')[0] ?? ''; // a zone id (`fe80::1%eth0`) names an interface, not an address
  const version = isIP(address);
  if (version === 0) return 'not-public';
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(address, family)) return 'loopback';
  if (NOT_PUBLIC.check(address, family)) return 'not-public';
  if (family === 'ipv4' || CARRIES_V4.check(address, family)) return 'public';
  return NOT_GLOBAL_UNICAST.check(address, family) ? 'not-public' : 'public';
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
