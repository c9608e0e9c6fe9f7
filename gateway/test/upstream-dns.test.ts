import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventually } from '@levelup/service-kit/testing';
import { createApp, sessionResolverFor } from '../src/app.ts';
import { gatewayConfigShape, readGatewayConfig } from '../src/config.ts';
import { upstreamDns } from '../src/dns-discovery.ts';
import { createUpstreamPool } from '../src/upstream-pool.ts';
import { startDnsStandIn, type DnsStandIn } from '../../tools/stack/dns-stand-in.ts';

/**
 * The gateway asking one DNS server for the services' names (UPSTREAM_DNS_SERVER), as the
 * multi-instance rehearsal runs it: the stand-in holds each name's addresses, and instances listen on
 * loopback addresses of their own on one port, as pods do.
 */
const servers: http.Server[] = [];
let dns: DnsStandIn;
let port = 0;

/** An instance on `address`, on the port every instance shares, answering with its name. */
async function instance(name: string, address: string) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ instance: name, userId: 'user-1' }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, address, resolve));
  port = (server.address() as AddressInfo).port;
  return { seen };
}

beforeAll(async () => {
  dns = await startDnsStandIn();
});
afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await dns.close();
});

const env = (extra: Record<string, string>) => ({
  IDENTITY_SECRET: 'x'.repeat(32),
  UPSTREAM_DNS_REFRESH_MS: '50',
  ...extra,
});

describe('UPSTREAM_DNS_SERVER', () => {
  it.each([
    ['127.0.0.1:5353', true],
    ['[::1]:53', true],
    ['10.96.0.10', true],
    ['dns.example:53', false],
    ['127.0.0.1:port', false],
  ])("when it is '%s', then the configuration is valid: %s", (value, valid) => {
    const parsed = z.object(gatewayConfigShape).safeParse(env({ UPSTREAM_DNS_SERVER: value }));
    expect(parsed.success).toBe(valid);
  });

  it('when it is empty or unset, then names are asked of the system resolver', () => {
    expect(readGatewayConfig(env({ UPSTREAM_DNS_SERVER: '' })).UPSTREAM_DNS_SERVER).toBeUndefined();
    expect(upstreamDns(readGatewayConfig(env({})))).toEqual({ refreshMs: 50 });
    expect(upstreamDns(readGatewayConfig(env({ UPSTREAM_DNS_REFRESH_MS: '0' })))).toBeUndefined();
  });
});

describe('instances found through one DNS server', () => {
  const name = 'svc-quests.levelup.test';
  let a: { seen: string[] };
  let b: { seen: string[] };
  beforeAll(async () => {
    a = await instance('a', '127.0.0.2');
    b = await instance('b', '127.0.0.3');
  });

  it('when the server holds two addresses for the name, then both serve; when one leaves and comes back, the pool follows by itself', async () => {
    dns.set(name, ['127.0.0.2', '127.0.0.3']);
    const config = readGatewayConfig(env({ UPSTREAM_DNS_SERVER: dns.server }));
    const pool = createUpstreamPool({
      name: 'svc-quests',
      targets: [`http://${name}:${port}`],
      timeoutMs: 2_000,
      retryAfterMs: 5_000,
      dns: upstreamDns(config),
      log: () => undefined,
    });
    await pool.ready;
    const targets = () => Promise.resolve(pool.status().map((each) => each.target));
    expect(await targets()).toEqual([`http://127.0.0.2:${port}`, `http://127.0.0.3:${port}`]);
    const gateway = http.createServer((req, res) => void pool.handler(req, res, () => undefined));
    servers.push(gateway);
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    const ask = async (times: number) => {
      const names = [];
      for (let i = 0; i < times; i += 1)
        names.push(
          ((await (await fetch(`${url}/api/quests`)).json()) as { instance: string }).instance,
        );
      return names.sort();
    };
    expect(await ask(4)).toEqual(['a', 'a', 'b', 'b']);

    dns.remove(name, '127.0.0.2');
    await eventually(targets, (list) => list.length === 1, 2_000);
    expect(await ask(3)).toEqual(['b', 'b', 'b']);
    dns.add(name, '127.0.0.2');
    await eventually(targets, (list) => list.length === 2, 2_000);
    expect(await ask(2)).toEqual(['a', 'b']);
    pool.stop();
    expect(a.seen.length + b.seen.length).toBe(9);
  });

  it('when the name stops resolving (NXDOMAIN, or a server that does not answer), then the instances found last stay', async () => {
    const own = await startDnsStandIn();
    own.set(name, ['127.0.0.2', '127.0.0.3']);
    const found = [`http://127.0.0.2:${port}`, `http://127.0.0.3:${port}`];
    const config = readGatewayConfig(env({ UPSTREAM_DNS_SERVER: own.server }));
    const pool = createUpstreamPool({
      name: 'svc-quests',
      targets: [`http://${name}:${port}`],
      timeoutMs: 2_000,
      retryAfterMs: 5_000,
      dns: { ...upstreamDns(config)!, refreshMs: 60_000 },
      log: () => undefined,
    });
    await pool.ready;
    own.set(name, []);
    await pool.refresh();
    expect(pool.status().map((each) => each.target)).toEqual(found);
    // The server is gone: every question times out.
    await own.close();
    await pool.refresh();
    expect(pool.status().map((each) => each.target)).toEqual(found);
    pool.stop();
  });

  it("when the gateway resolves names itself, then its session lookups go to the addresses of svc-identity's name in turn", async () => {
    const identity = 'svc-identity.levelup.test';
    dns.set(identity, ['127.0.0.2', '127.0.0.3']);
    const config = readGatewayConfig(
      env({ UPSTREAM_DNS_SERVER: dns.server, IDENTITY_URL: `http://${identity}:${port}` }),
    );
    const sessions = sessionResolverFor(config);
    const gateway = http.createServer(createApp(config, { sessions }).callback());
    servers.push(gateway);
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    // Asked at once: the lookups wait for the identity pool's first read of the name.
    const before = [a.seen.length, b.seen.length];
    for (const n of [1, 2]) {
      expect(await sessions.resolve(`levelup.sid=user-${n}`, `req-${n}`)).toMatchObject({
        kind: 'signed-in',
        userId: 'user-1',
      });
    }
    expect([a.seen.length - before[0]!, b.seen.length - before[1]!]).toEqual([1, 1]);
    expect((await fetch(`${url}/api/auth/providers`)).status).toBe(200);
  });

  it('when a request arrives before the first read of the names, then it waits for it and reaches an instance', async () => {
    const pool = createUpstreamPool({
      name: 'svc-quests',
      targets: [`http://${name}:${port}`],
      timeoutMs: 2_000,
      retryAfterMs: 5_000,
      // A DNS server slow to answer the first time: the name alone is no address the system knows.
      dns: {
        refreshMs: 60_000,
        resolve: () => new Promise((resolve) => setTimeout(() => resolve(['127.0.0.3']), 300)),
      },
      log: () => undefined,
    });
    const gateway = http.createServer((req, res) => void pool.handler(req, res, () => undefined));
    servers.push(gateway);
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const answer = await fetch(`http://127.0.0.1:${(gateway.address() as AddressInfo).port}/x`);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { instance: string }).instance).toBe('b');
    pool.stop();
  });
});
