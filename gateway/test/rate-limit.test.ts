import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { verifyInternal } from '@levelup/service-kit';
import { createApp } from '../src/app.ts';
import { gatewayConfigShape } from '../src/config.ts';
import { RATE_RULES, createRateLimiter } from '../src/rate-limit.ts';

// Sign-ups, posts, comments, likes and new quests are limited at the gateway, per user and per client
// address: past the limit the answer is 429 RATE_LIMITED with Retry-After and a message to show.

const SECRET = 'test-secret-0123456789abcdef';
/** The session lookup as svc-identity checks its internal signature. */
const SESSION_LOOKUP = { service: 'svc-identity', method: 'GET', path: '/internal/session' };
const servers: http.Server[] = [];
/** What reached the services behind the gateway. */
let reached = 0;
let base: string;

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const identity = await listen((req, res) => {
    const sid = /levelup\.sid=(user-\d+)/.exec(req.headers.cookie ?? '')?.[1];
    if (req.url === '/internal/session') {
      const ok = verifyInternal(req.headers, SECRET, SESSION_LOOKUP) && sid;
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(ok ? JSON.stringify({ userId: sid }) : '{}');
      return;
    }
    reached += 1;
    res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
  });
  // Answers 400 to a request marked bad (?bad=1), as a service refuses invalid input.
  const service = await listen((req, res) => {
    reached += 1;
    const bad = req.url?.includes('bad=1');
    res.writeHead(bad ? 400 : 201, { 'content-type': 'application/json' }).end('{}');
  });
  const config = z.object(gatewayConfigShape).parse({
    IDENTITY_SECRET: SECRET,
    IDENTITY_URL: identity,
    QUESTS_URL: service,
    COMMUNITY_URL: service,
    // The test's connection is the proxy: each request's X-Forwarded-For is its client's address.
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

let users = 0;
let addresses = 0;
const someone = () => `levelup.sid=user-${++users}`;
const somewhere = () => `198.51.100.${++addresses}`;

function post(path: string, cookie: string | undefined, address: string) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': address,
      ...(cookie ? { cookie } : {}),
    },
    body: '{}',
  });
}

const rule = (name: string) => RATE_RULES.find((r) => r.name === name)!;

describe('rate limits at the gateway', () => {
  it('when one user posts past the limit, then the next post is 429 with Retry-After and a clear message, and nothing reaches the service', async () => {
    const user = someone();
    const address = somewhere();
    for (let i = 0; i < rule('post').perUser!.max; i += 1)
      expect((await post('/api/posts', user, address)).status).toBe(201);
    const before = reached;
    // Another spelling of the same route is the same route.
    for (const path of ['/api/posts', '/api/posts/', '/api/posts//']) {
      const refused = await post(path, user, somewhere());
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(await refused.json()).toEqual({
        error: {
          code: 'RATE_LIMITED',
          message: expect.stringMatching(
            /^Too many new posts\. Please try again in \d+ seconds?\.$|^Too many new posts\. Please try again in 1 minute\.$/,
          ),
        },
      });
    }
    expect(reached).toBe(before);
    // Other users, and the same user's other actions, are untouched.
    expect((await post('/api/posts', someone(), address)).status).toBe(201);
    expect((await post('/api/posts/p1/comments', user, address)).status).toBe(201);
  });

  it('when the service refuses a request (bad input), then it does not count against the limit', async () => {
    const user = someone();
    const address = somewhere();
    const max = rule('post').perUser!.max;
    for (let i = 0; i < max * 2; i += 1)
      expect((await post('/api/posts?bad=1', user, address)).status).toBe(400);
    for (let i = 0; i < max; i += 1)
      expect((await post('/api/posts', user, address)).status).toBe(201);
    expect((await post('/api/posts', user, address)).status).toBe(429);
  });

  it('when many users behind one address like past the address limit, then that address is refused and another is not', async () => {
    const address = somewhere();
    const perUser = rule('like').perUser!.max;
    let sent = 0;
    while (sent < rule('like').perAddress.max) {
      const user = someone();
      for (let i = 0; i < perUser && sent < rule('like').perAddress.max; i += 1, sent += 1)
        expect((await post(`/api/posts/p${i}/like`, user, address)).status).toBe(201);
    }
    const refused = await post('/api/posts/p1/like', someone(), address);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many likes\./,
    );
    // Spellings the service's router would take as the same route are the same route here.
    for (const path of ['/api/posts/p1/LIKE', '/api/posts/p1//like', '/api/posts/p1/%6Cike'])
      expect((await post(path, someone(), address)).status, path).toBe(429);
    expect((await post('/api/posts/p1/like', someone(), somewhere())).status).toBe(201);
  });

  it('when one address signs up past its limit, then sign-up is 429 there and open elsewhere', async () => {
    const address = somewhere();
    for (let i = 0; i < rule('sign-up').perAddress.max; i += 1)
      expect((await post('/api/auth/register', undefined, address)).status).toBe(201);
    const refused = await post('/api/auth/register', undefined, address);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many sign-ups from this address\. Please try again in (60|59) minutes\.$/,
    );
    expect((await post('/api/auth/register', undefined, somewhere())).status).toBe(201);
  });

  it('when one user creates quests and series past the limit, then both count, and the next is refused', async () => {
    const user = someone();
    const address = somewhere();
    const max = rule('quest').perUser!.max;
    for (let i = 0; i < max; i += 1)
      expect(
        (await post(i % 2 ? '/api/quests' : '/api/quests/recurring', user, address)).status,
      ).toBe(201);
    expect((await post('/api/quests', user, address)).status).toBe(429);
  });
});

describe('RATE_LIMITS=off', () => {
  it('when a load bench turns the limits off, then one address signs up past the limit; a typo in the switch stops the gateway', async () => {
    const identity = await listen((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
    });
    const config = z.object(gatewayConfigShape).parse({
      IDENTITY_SECRET: SECRET,
      IDENTITY_URL: identity,
      RATE_LIMITS: 'off',
    });
    const unlimited = await listen(createApp(config).callback());
    const address = somewhere();
    for (let i = 0; i <= rule('sign-up').perAddress.max; i += 1) {
      const answer = await fetch(`${unlimited}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: '{}',
      });
      expect(answer.status).toBe(201);
    }
    expect(
      z.object(gatewayConfigShape).safeParse({ IDENTITY_SECRET: SECRET, RATE_LIMITS: 'no' })
        .success,
    ).toBe(false);
  });
});

describe('the rate limiter', () => {
  it('when a window ends, then the key may go again, and ended windows are let go', () => {
    let now = 0;
    const limiter = createRateLimiter({
      rules: [
        {
          name: 'post',
          what: 'new posts',
          method: 'POST',
          pattern: /^\/api\/posts$/,
          perUser: { max: 2, windowMs: 60_000 },
          perAddress: { max: 100, windowMs: 60_000 },
        },
      ],
      now: () => now,
    });
    expect(limiter.check('POST', '/api/posts', 'u1', '1.1.1.1').limited).toBe(false);
    expect(limiter.check('POST', '/api/posts', 'u1', '1.1.1.1').limited).toBe(false);
    expect(limiter.check('POST', '/api/posts', 'u1', '1.1.1.1')).toMatchObject({
      limited: true,
      retryAfterSeconds: 60,
      message: 'Too many new posts. Please try again in 1 minute.',
    });
    expect(limiter.check('GET', '/api/posts', 'u1', '1.1.1.1').limited).toBe(false);
    now = 60_000;
    expect(limiter.check('POST', '/api/posts', 'u1', '1.1.1.1').limited).toBe(false);
    expect(limiter.size()).toBe(2);
    now = 200_000;
    limiter.check('POST', '/api/posts', 'u2', '2.2.2.2');
    expect(limiter.size()).toBe(2);
  });
});
