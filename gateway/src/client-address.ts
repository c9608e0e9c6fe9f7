import { BlockList, isIP } from 'node:net';

/**
 * Which peers may tell the gateway who the client is (TRUST_PROXY): nobody (the default: the client is
 * the connection's peer and the protocol is the gateway's own, http), the nearest N hops (a load balancer
 * or TLS terminator chain of known length), or the peers whose address is in a list of addresses and CIDR
 * ranges. X-Forwarded-For and X-Forwarded-Proto are only read as far as trusted peers wrote them: an
 * untrusted client can put anything there, and it is then ignored.
 */
export type ProxyTrust =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'addresses'; list: BlockList; text: string };

/** How many X-Forwarded-For entries are looked at, from the nearest: a longer chain is not ours. */
const MAX_CHAIN = 32;

/** '' / 'false' / '0': none; a number of hops; else comma-separated addresses and CIDRs ('loopback' for 127.0.0.0/8 and ::1). */
export function parseTrustProxy(value: string | undefined): ProxyTrust {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return { kind: 'none' };
  if (/^\d+$/.test(text)) return { kind: 'hops', hops: Number(text) };
  const list = new BlockList();
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`TRUST_PROXY: '${entry}' is not an address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128))
        throw new Error(`TRUST_PROXY: '${entry}' has no valid prefix length`);
      list.addSubnet(address, bits, type);
    }
  }
  return { kind: 'addresses', list, text };
}

/** '::ffff:10.0.0.1' (an IPv4 peer on a dual-stack socket) as '10.0.0.1'. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function trusts(trust: ProxyTrust, hop: number, address: string): boolean {
  if (trust.kind === 'hops') return hop < trust.hops;
  if (trust.kind === 'addresses') {
    const family = isIP(address);
    return family !== 0 && trust.list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }
  return false;
}

export interface ClientInfo {
  /** The client's address: the first hop, from the nearest, that is not a trusted proxy. */
  ip: string;
  /** The protocol the client used: what the outermost trusted proxy says, else the gateway's own. */
  proto: 'http' | 'https';
}

/** Who the client is, from the connection's peer and the headers trusted peers set. */
export function clientOf(
  trust: ProxyTrust,
  peer: string | undefined,
  forwardedFor: string | undefined,
  forwardedProto: string | undefined,
): ClientInfo {
  const socket = plain(peer ?? '');
  const chain = (forwardedFor ?? '')
    .split(',')
    .map((part) => plain(part.trim()))
    .filter(Boolean)
    .slice(-MAX_CHAIN);
  const hops = [...chain, socket];
  let at = hops.length - 1;
  let trusted = 0;
  while (at > 0 && trusts(trust, trusted, hops[at]!)) {
    at -= 1;
    trusted += 1;
  }
  const candidate = hops[at]!;
  const ip = isIP(candidate) ? candidate : socket;
  if (trusted === 0) return { ip, proto: 'http' };
  // Each proxy may append its own view: the outermost trusted one saw the client's connection.
  const protos = (forwardedProto ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  const said = protos[Math.max(0, protos.length - trusted)];
  return { ip, proto: said === 'https' ? 'https' : 'http' };
}
