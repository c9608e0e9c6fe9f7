/**
 * How the gateway finds a service's instances by DNS: which resolver answers (the system's lookup, or
 * one DNS server of UPSTREAM_DNS_SERVER), and the svc-identity instances its own calls go to (the session
 * lookup, a sign-out passed on), which follow the name as the proxy pools do.
 */
import { Resolver } from 'node:dns/promises';
import type { GatewayConfig } from './config.ts';
import type { InstanceRotation } from './instance-rotation.ts';
import { serviceUrls } from './route-table.ts';
import { expandTargets, type UpstreamPoolOptions } from './upstream-pool.ts';

export type UpstreamDns = NonNullable<UpstreamPoolOptions['dns']>;
type Resolve = (host: string) => Promise<string[]>;

/** How long one question to the DNS server may take, and how often it is asked. */
const QUERY_TIMEOUT_MS = 1_000;
const QUERY_TRIES = 2;

/** Whether the value names a DNS server the resolver takes: an IPv4 or [IPv6] address, a port optional. */
export function isDnsServer(value: string): boolean {
  try {
    new Resolver().setServers([value]);
    return true;
  } catch {
    return false;
  }
}

/** A name's IPv4 addresses as that one server answers them, never the system's resolver. */
export function resolverAt(server: string): Resolve {
  const resolver = new Resolver({ timeout: QUERY_TIMEOUT_MS, tries: QUERY_TRIES });
  resolver.setServers([server]);
  return (host) => resolver.resolve4(host);
}

/** The pools' DNS setting from the gateway's: undefined while UPSTREAM_DNS_REFRESH_MS is 0. */
export function upstreamDns(
  config: Pick<GatewayConfig, 'UPSTREAM_DNS_REFRESH_MS' | 'UPSTREAM_DNS_SERVER'>,
): UpstreamDns | undefined {
  if (config.UPSTREAM_DNS_REFRESH_MS <= 0) return undefined;
  return {
    refreshMs: config.UPSTREAM_DNS_REFRESH_MS,
    ...(config.UPSTREAM_DNS_SERVER ? { resolve: resolverAt(config.UPSTREAM_DNS_SERVER) } : {}),
  };
}

/**
 * The instances the targets stand for, re-read every refreshMs as the pools re-read theirs (the same
 * expansion and the same rule for a name that does not answer): the names themselves until the first
 * answer. The same list object until it is read again.
 */
export function followNames(targets: readonly string[], dns: UpstreamDns): () => readonly string[] {
  let current: readonly string[] = [...targets];
  const found = new Map<string, string[]>();
  let reading = false;
  const read = async () => {
    if (reading) return;
    reading = true;
    try {
      current = await expandTargets(targets, dns.resolve, found);
    } finally {
      reading = false;
    }
  };
  void read();
  setInterval(() => void read(), dns.refreshMs).unref();
  return () => current;
}

const identityFollowers = new WeakMap<GatewayConfig, () => readonly string[]>();

/**
 * The svc-identity instances found by DNS, for the gateway's own calls to it (one reader per gateway
 * configuration, shared by the session lookup and the sign-out fallback); undefined while DNS is off,
 * when the configured URLs are the instances.
 */
export function identityInstances(config: GatewayConfig): (() => readonly string[]) | undefined {
  const dns = upstreamDns(config);
  if (!dns) return undefined;
  let follower = identityFollowers.get(config);
  if (!follower) {
    follower = followNames(serviceUrls(config, 'identity'), dns);
    identityFollowers.set(config, follower);
  }
  return follower;
}

/**
 * Keeps a rotation's list the instances `current` reports, when that changed (instances that stay
 * keep their state); call it before each use of the rotation. Without `current`, nothing changes.
 */
export function followInstances(
  rotation: InstanceRotation,
  current: (() => readonly string[]) | undefined,
): () => void {
  let seen: readonly string[] | undefined;
  return () => {
    const now = current?.();
    if (!now || now === seen || now.length === 0) return;
    seen = now;
    rotation.setTargets(now);
  };
}
