import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { verifyInternal } from '@levelup/service-kit';
import { createApp, sessionResolverFor } from '../src/app.ts';
import { gatewayConfigShape } from '../src/config.ts';
import { createIdentityFallback } from '../src/identity-fallback.ts';
import { createSessionResolver } from '../src/session-resolver.ts';

// The gateway's memory for sessions stays bounded whatever clients send: the cache is keyed by the
// session id (not the raw Cookie header), keeps only signed-in answers, is bounded by entries and by
// bytes, and lets entries go once they are neither fresh nor servable as stale; the sign-outs waiting
// for svc-identity during an outage are bounded too.

const SECRET = 'test-secret-0123456789abcdef';
/** The session lookup as svc-identity checks its internal signature. */
const SESSION_LOOKUP = { service: 'svc-identity', method: 'GET', path: '/internal/session' };
/** The bounds this test states: the gateway is started with at most 1,000 sessions remembered. */
const MAX_ENTRIES = 1_000;
/** An entry's estimated size whatever the size of the Cookie header it came with. */
const MAX_ENTRY_BYTES = 600;
const servers: http.Server[] = [];
let lookups = 0;

async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let identityUrl: string;
let servicesUrl: string;
beforeAll(async () => {
  // A svc-identity for which every levelup.sid=user-N is user N, and anything else is signed out.
  identityUrl = await listen((req, res) => {
    lookups += 1;
    const sid = /(?:^|; )levelup\.sid=(user-\d+)(?:;|$)/.exec(req.headers.cookie ?? '')?.[1];
    const ok =
      req.url === '/internal/session' && verifyInternal(req.headers, SECRET, SESSION_LOOKUP) && sid;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(ok ? JSON.stringify({ userId: sid, sessionHash: sid.padEnd(64, '0') }) : '{}');
  });
  servicesUrl = await listen((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** 9 KB of other cookies, different for each request. */
const padding = (i: number) => `pad${i}=${'x'.repeat(9 * 1024)}`;

describe('gateway session memory', () => {
  it('when 5,000 requests carry distinct 9 KB cookies, then the cache stays within 1,000 entries of under 600 bytes each, and no signed-out answer is kept', async () => {
    const config = z.object(gatewayConfigShape).parse({
      IDENTITY_SECRET: SECRET,
      IDENTITY_URL: identityUrl,
      QUESTS_URL: servicesUrl,
      SESSION_CACHE_MAX_ENTRIES: String(MAX_ENTRIES),
      SESSION_CACHE_MS: '60000',
    });
    const sessions = sessionResolverFor(config);
    const server = http.createServer(createApp(config, { sessions }).callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // 2,500 signed-in sessions and 2,500 cookies that name no session (or a session nobody has).
    const cookies = Array.from({ length: 5_000 }, (_, i) =>
      i % 2 === 0
        ? `${padding(i)}; levelup.sid=user-${i}`
        : `${padding(i)}; levelup.sid=nobody-${i}; other=${i}`,
    );
    let largest = 0;
    for (let start = 0; start < cookies.length; start += 50) {
      const statuses = await Promise.all(
        cookies.slice(start, start + 50).map(async (cookie) => {
          const response = await fetch(`${base}/api/quests`, { headers: { cookie } });
          await response.body?.cancel();
          return response.status;
        }),
      );
      expect(new Set(statuses)).toEqual(new Set([200]));
      const { entries, bytes } = sessions.stats();
      largest = Math.max(largest, entries);
      if (entries > 0) expect(bytes / entries).toBeLessThan(MAX_ENTRY_BYTES);
    }
    const { entries, bytes } = sessions.stats();
    expect(largest).toBeLessThanOrEqual(MAX_ENTRIES);
    expect(entries).toBe(MAX_ENTRIES);
    expect(bytes).toBeLessThan(MAX_ENTRIES * MAX_ENTRY_BYTES);
    // The newest sessions are the ones kept: asking again for one does not reach svc-identity.
    const before = lookups;
    await (await fetch(`${base}/api/quests`, { headers: { cookie: cookies.at(-2)! } })).text();
    expect(lookups).toBe(before);
  });

  it('when a header has no session cookie, then it is anonymous without asking svc-identity', async () => {
    const sessions = createSessionResolver({
      identityUrls: [identityUrl],
      secret: SECRET,
      cacheMs: 60_000,
      staleMs: 0,
      timeoutMs: 2_000,
    });
    const before = lookups;
    expect(await sessions.resolve(padding(1), 'r1')).toEqual({ kind: 'anonymous' });
    expect(await sessions.resolve(`levelup.sid=${'y'.repeat(5_000)}`, 'r2')).toEqual({
      kind: 'anonymous',
    });
    expect(lookups).toBe(before);
    // A signed-out session is asked each time, never kept.
    await sessions.resolve('levelup.sid=nobody', 'r3');
    await sessions.resolve('levelup.sid=nobody', 'r4');
    expect(lookups).toBe(before + 2);
    expect(sessions.stats().entries).toBe(0);
  });

  it('when the same session comes with other cookies, then it is one entry and one lookup', async () => {
    const sessions = createSessionResolver({
      identityUrls: [identityUrl],
      secret: SECRET,
      cacheMs: 60_000,
      staleMs: 0,
      timeoutMs: 2_000,
    });
    const before = lookups;
    for (let i = 0; i < 5; i += 1)
      expect(await sessions.resolve(`${padding(i)}; levelup.sid=user-7`, `r${i}`)).toMatchObject({
        userId: 'user-7',
      });
    expect(lookups).toBe(before + 1);
    expect(sessions.stats().entries).toBe(1);
  });

  it('when entries are older than both the cache and the stale bound, then they leave', async () => {
    // The clock starts now: the lookups are signed with it, and svc-identity checks their time.
    const clock = { now: Date.now() };
    const sessions = createSessionResolver({
      identityUrls: [identityUrl],
      secret: SECRET,
      cacheMs: 2_000,
      staleMs: 6_000,
      timeoutMs: 2_000,
      now: () => clock.now,
    });
    for (let i = 0; i < 20; i += 1) await sessions.resolve(`levelup.sid=user-${i}`, `r${i}`);
    expect(sessions.stats().entries).toBe(20);
    // (Lookups are signed with this clock: it stays within the signature's 10 s of real time.)
    clock.now += 3_000;
    await sessions.resolve('levelup.sid=user-100', 'late');
    expect(sessions.stats().entries).toBe(21);
    clock.now += 3_001;
    expect(sessions.stats()).toMatchObject({ entries: 1 });
    clock.now += 3_000;
    expect(sessions.stats()).toEqual({
      entries: 0,
      bytes: 0,
      pending: 0,
      revokedHashes: 0,
      signedOut: 0,
    });
  });

  it('when 5,000 browsers sign out while svc-identity is away, then at most the bound waits to be passed on', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const sessions = createSessionResolver({
      identityUrls: [deadUrl],
      secret: SECRET,
      cacheMs: 2_000,
      staleMs: 60_000,
      timeoutMs: 500,
      maxEntries: 1_000,
    });
    const logged: string[] = [];
    const fallback = createIdentityFallback({
      identityUrls: [deadUrl],
      sessions,
      timeoutMs: 500,
      retryMs: 60_000,
      maxReplays: 1_000,
      log: (message) => logged.push(message),
    });
    try {
      for (let i = 0; i < 5_000; i += 1) {
        const req = {
          method: 'POST',
          url: '/api/logout',
          headers: { cookie: `${padding(i)}; levelup.sid=user-${i}` },
        } as unknown as http.IncomingMessage;
        const res = { writeHead: () => res, end: () => res } as unknown as http.ServerResponse;
        expect(fallback.fallback(req, res)).toBe(true);
      }
      expect(fallback.pending()).toBe(1_000);
      expect(sessions.stats().signedOut).toBe(1_000);
      expect(logged).toContain('too many sign-outs waiting for svc-identity: the oldest is let go');
      // The newest sign-outs are the ones still refused here.
      expect(await sessions.resolve('levelup.sid=user-4999', 'newest')).toEqual({
        kind: 'anonymous',
      });
    } finally {
      fallback.stop();
    }
  });
});
