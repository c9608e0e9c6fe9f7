/**
 * How the gateway finds a service's instances by DNS: which resolver answers (the system's lookup, or
 * one DNS server of UPSTREAM_DNS_SERVER). The pools re-read the names (upstream-pool.ts); the gateway's
 * own svc-identity calls (the session lookup, a sign-out passed on) follow the identity pool's list (app.ts).
 */
import { Resolver } from 'node:dns/promises';
import type { GatewayConfig } from './config.ts';
import type { UpstreamPoolOptions } from './upstream-pool.ts';

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
