import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IDENTITY_HEADERS, calendarFeedTokens, verifyInternal } from '@levelup/service-kit';
import { createApp } from '../src/app.ts';
import { gatewayConfigShape } from '../src/config.ts';

// The calendar feed is opened by its secret link alone (calendar apps have no session): the gateway
// passes that one path to svc-quests without looking a session up, without the cookie and without a
// user, signed as its own call; misses (404) are limited per client address, found feeds are not.

const SECRET = 'test-secret-0123456789abcdef';
/** A link from before links carried a tag. */
const GOOD = `${'a'.repeat(42)}b`;
/** A link issued now, tagged under the deployment's secret. */
const ISSUED = calendarFeedTokens(SECRET).issue();
const servers: http.Server[] = [];
let base: string;
let sessionLookups = 0;
const reached: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }> = [];

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const identity = await listen((_req, res) => {
    sessionLookups += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ userId: 'user-1', role: 'member' }));
  });
  // svc-quests as it checks the feed's caller: the gateway's internal signature, then the token.
  const quests = await listen((req, res) => {
    reached.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const signed = verifyInternal(req.headers, SECRET, {
      service: 'svc-quests',
      method: req.method ?? '',
      path: req.url ?? '',
    });
    if (!signed) {
      res.writeHead(401).end();
    } else if (
      req.url === `/api/calendar/${GOOD}.ics` ||
      req.url === `/api/calendar/${ISSUED}.ics`
    ) {
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      res.end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    } else {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"code":"NOT_FOUND"}}');
    }
  });
  const config = z.object(gatewayConfigShape).parse({
    IDENTITY_SECRET: SECRET,
    IDENTITY_URL: identity,
    QUESTS_URL: quests,
    TRUST_PROXY: 'loopback',
  });
  base = await listen(createApp(config).callback());
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const feed = (token: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${base}/api/calendar/${token}.ics`, { method, headers });

describe('gateway: the calendar feed path', () => {
  it('reaches svc-quests without a session lookup, without the cookie or a user, signed as the gateway; the calendar comes back as it is', async () => {
    const lookupsBefore = sessionLookups;
    const answer = await feed(GOOD, {
      cookie: 'levelup.sid=good',
      'x-user-id': 'forged',
      'x-forwarded-for': '10.0.0.1',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await answer.text()).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    expect(sessionLookups).toBe(lookupsBefore);
    const seen = reached.at(-1)!;
    expect(seen.headers.cookie).toBeUndefined();
    for (const header of IDENTITY_HEADERS.filter((name) => name !== 'x-identity-ts'))
      expect(seen.headers[header]).toBeUndefined();
  });

  it('is read-only: other methods are 405 and never reach the service', async () => {
    const before = reached.length;
    const answer = await feed(GOOD, { 'x-forwarded-for': '10.0.0.2' }, 'DELETE');
    expect(answer.status).toBe(405);
    expect(reached.length).toBe(before);
  });

  it('limits misses per address (30 in 10 minutes), a link from before tags is refused after that; found feeds never count', async () => {
    const guesser = { 'x-forwarded-for': '10.0.0.3' };
    for (let i = 0; i < 30; i += 1) expect((await feed(`guess${i}`, guesser)).status).toBe(404);
    const limited = await feed(GOOD, guesser);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');

    const calendarService = { 'x-forwarded-for': '10.0.0.4' };
    for (let i = 0; i < 40; i += 1) expect((await feed(GOOD, calendarService)).status).toBe(200);
    expect((await feed('one-miss', calendarService)).status).toBe(404);
  });

  it('when an address is at its miss limit, then a link this deployment issued still opens its feed, and a guess with a forged tag does not', async () => {
    const calendarService = { 'x-forwarded-for': '10.0.0.5' };
    for (let i = 0; i < 30; i += 1)
      expect((await feed(`guess${i}`, calendarService)).status).toBe(404);
    expect((await feed('another-guess', calendarService)).status).toBe(429);
    for (let i = 0; i < 5; i += 1) expect((await feed(ISSUED, calendarService)).status).toBe(200);
    const forged = calendarFeedTokens('another-deployment-secret-0123').issue();
    expect((await feed(forged, calendarService)).status).toBe(429);
  });
});
