import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../src/app.ts';
import { clientOf, parseTrustProxy } from '../src/client-address.ts';
import { gatewayConfigShape } from '../src/config.ts';

// TRUST_PROXY: the client's address and protocol come from X-Forwarded-* only as far as trusted peers
// wrote them; whatever an untrusted client sends there is ignored.

describe('clientOf', () => {
  it('when nobody is trusted, then the peer is the client and the protocol is http, whatever the headers say', () => {
    expect(clientOf(parseTrustProxy(''), '198.51.100.4', '203.0.113.9', 'https')).toEqual({
      ip: '198.51.100.4',
      proto: 'http',
    });
  });

  it('when one hop is trusted, then the client is the address that hop saw, and its protocol', () => {
    const trust = parseTrustProxy('1');
    // A client's forged entry on the left is not read: the trusted hop appended the real one.
    expect(clientOf(trust, '10.0.0.2', '1.2.3.4, 203.0.113.9', 'http, https')).toEqual({
      ip: '203.0.113.9',
      proto: 'https',
    });
    expect(clientOf(trust, '10.0.0.2', undefined, undefined)).toEqual({
      ip: '10.0.0.2',
      proto: 'http',
    });
  });

  it('when addresses and ranges are trusted, then trusted hops are skipped from the nearest, and the first other address is the client', () => {
    const trust = parseTrustProxy('10.0.0.0/8, 192.168.1.1');
    expect(clientOf(trust, '::ffff:10.1.2.3', '203.0.113.9, 192.168.1.1', 'https')).toEqual({
      ip: '203.0.113.9',
      proto: 'https',
    });
    // The peer is not trusted: its headers are the client's own claims.
    expect(clientOf(trust, '198.51.100.4', '10.0.0.1', 'https')).toEqual({
      ip: '198.51.100.4',
      proto: 'http',
    });
    // Garbage where an address should be: the peer stands in.
    expect(clientOf(trust, '10.0.0.5', 'not-an-address', 'https').ip).toBe('10.0.0.5');
  });

  it('when TRUST_PROXY is not hops, addresses or ranges, then the setting is refused', () => {
    expect(() => parseTrustProxy('10.0.0.0/40')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('proxy.example')).toThrow(/TRUST_PROXY/);
    expect(
      z.object(gatewayConfigShape).safeParse({ IDENTITY_SECRET: 'x'.repeat(16), TRUST_PROXY: 'x' })
        .success,
    ).toBe(false);
  });
});

const servers: http.Server[] = [];
const seen: http.IncomingHttpHeaders[] = [];
let trusting: string;
let trustingNobody: string;

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const shell = await listen((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>');
  });
  const gateway = async (trust: string) => {
    const config = z.object(gatewayConfigShape).parse({
      IDENTITY_SECRET: 'test-secret-0123456789abcdef',
      SHELL_URL: shell,
      TRUST_PROXY: trust,
    });
    return listen(createApp(config).callback());
  };
  trusting = await gateway('loopback');
  trustingNobody = await gateway('');
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('the gateway behind a proxy', () => {
  const claims = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' };

  it('when the peer is a trusted proxy, then upstreams get the client address and https, and the answer has HSTS', async () => {
    seen.length = 0;
    const response = await fetch(`${trusting}/`, { headers: claims });
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(seen[0]).toMatchObject({
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https',
    });
  });

  it('when the peer is not trusted, then its claims are replaced by its own address and http, without HSTS', async () => {
    seen.length = 0;
    const response = await fetch(`${trustingNobody}/`, { headers: claims });
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(seen[0]).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http' });
  });
});
