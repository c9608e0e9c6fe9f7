import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { verifyInternal, type SharedCounters } from '@levelup/service-kit';
import { createApp } from '../src/app.ts';
import { gatewayConfigShape } from '../src/config.ts';
import { RATE_RULES } from '../src/rate-limit.ts';
import { LIMITS_BUCKET, sharedRateLimiterFor } from '../src/shared-rate-limit.ts';

// Several gateway instances count each limit once in all: two gateways in this process, each with its
// own NATS connection to the same bucket (a namespace of this run's own), allow a limit of N in total.

const SECRET = 'test-secret-0123456789abcdef';
const SESSION_LOOKUP = { service: 'svc-identity', method: 'GET', path: '/internal/session' };
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const NAMESPACE = `limits${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
const servers: http.Server[] = [];
const counters: SharedCounters[] = [];
const logged: string[] = [];
let reached = 0;
let gateways: string[] = [];
let alone: string;

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function gateway(config: z.infer<z.ZodObject<typeof gatewayConfigShape>>) {
  const limits = sharedRateLimiterFor(config, (message) => logged.push(message));
  counters.push(limits.counters);
  return listen(createApp(config, { rateLimiter: limits.limiter }).callback());
}

beforeAll(async () => {
  const identity = await listen((req, res) => {
    const sid = /levelup\.sid=(user-\d+)/.exec(req.headers.cookie ?? '')?.[1];
    const ok = verifyInternal(req.headers, SECRET, SESSION_LOOKUP) && sid;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(ok ? JSON.stringify({ userId: sid }) : '{}');
  });
  // Creates what it is sent, refuses what is marked bad (?bad=1); no calendar feed exists (all misses).
  const service = await listen((req, res) => {
    reached += 1;
    const miss = req.url?.startsWith('/api/calendar/');
    const bad = req.url?.includes('bad=1');
    res.writeHead(miss ? 404 : bad ? 400 : 201, { 'content-type': 'application/json' }).end('{}');
  });
  const settings = {
    IDENTITY_SECRET: SECRET,
    IDENTITY_URL: identity,
    QUESTS_URL: service,
    COMMUNITY_URL: service,
    TRUST_PROXY: 'loopback',
    NATS_URL,
    NATS_NAMESPACE: NAMESPACE,
  };
  const config = z.object(gatewayConfigShape).parse(settings);
  gateways = [await gateway(config), await gateway(config)];
  // A gateway whose NATS does not answer (nothing listens on port 1).
  alone = await gateway(
    z.object(gatewayConfigShape).parse({ ...settings, NATS_URL: 'nats://127.0.0.1:1' }),
  );
  await Promise.all(counters.slice(0, 2).map((each) => each.ready));
});

afterAll(async () => {
  await Promise.all(counters.map((each) => each.close()));
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  const nc = await connect({ servers: NATS_URL });
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(`KV_${LIMITS_BUCKET}_${NAMESPACE}`).catch(() => undefined);
  await nc.close();
});

let users = 0;
let addresses = 0;
const someone = () => `levelup.sid=user-${++users}`;
const somewhere = () => `198.51.100.${++addresses}`;

function send(base: string, method: string, path: string, cookie?: string, address = somewhere()) {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': address,
      ...(cookie ? { cookie } : {}),
    },
    ...(method === 'GET' ? {} : { body: '{}' }),
  });
}

const rule = (name: string) => RATE_RULES.find((r) => r.name === name)!;

describe('limits shared by every gateway instance', () => {
  it('when one user posts through two gateways in turn, then the limit allows N in all, not 2N', async () => {
    const user = someone();
    const max = rule('post').perUser!.max;
    const before = reached;
    for (let i = 0; i < max; i += 1) {
      const answer = await send(gateways[i % 2]!, 'POST', '/api/posts', user);
      expect(answer.status, `post ${i + 1}`).toBe(201);
    }
    for (const base of gateways) {
      const refused = await send(base, 'POST', '/api/posts', user);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        'RATE_LIMITED',
      );
    }
    expect(reached - before).toBe(max);
  });

  it('when 2N posts of one user arrive at once, split over two gateways, then exactly N go through', async () => {
    const user = someone();
    const max = rule('post').perUser!.max;
    const answers = await Promise.all(
      Array.from({ length: max * 2 }, (_, i) => send(gateways[i % 2]!, 'POST', '/api/posts', user)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(max);
  });

  it('when one address misses calendar feeds through two gateways, then the misses are counted once in all', async () => {
    const address = somewhere();
    const max = rule('calendar-feed').perAddress.max;
    for (let i = 0; i < max; i += 1)
      expect(
        (await send(gateways[i % 2]!, 'GET', `/api/calendar/guess${i}`, undefined, address)).status,
      ).toBe(404);
    for (const base of gateways)
      expect((await send(base, 'GET', '/api/calendar/guess', undefined, address)).status).toBe(429);
  });

  it('when the service refuses requests through one gateway, then they are given back for the other too', async () => {
    const user = someone();
    const max = rule('post').perUser!.max;
    for (let i = 0; i < max; i += 1)
      expect((await send(gateways[0]!, 'POST', '/api/posts?bad=1', user)).status).toBe(400);
    for (let i = 0; i < max; i += 1)
      expect((await send(gateways[1]!, 'POST', '/api/posts', user)).status).toBe(201);
    expect((await send(gateways[0]!, 'POST', '/api/posts', user)).status).toBe(429);
  });

  it('when the bucket is lost (a restarted NATS loses memory streams), then it is made again and counts are shared again', async () => {
    const nc = await connect({ servers: NATS_URL });
    await (await jetstreamManager(nc)).streams.delete(`KV_${LIMITS_BUCKET}_${NAMESPACE}`);
    await nc.close();
    // The first count after the loss fails (the gateway counts alone for it) and makes the bucket again.
    await expect(counters[0]!.take('probe', 5, 60_000)).rejects.toThrow();
    await vi.waitFor(async () => expect(await counters[0]!.take('probe', 5, 60_000)).toBe(0));
    const user = someone();
    const max = rule('post').perUser!.max;
    for (let i = 0; i < max; i += 1)
      expect((await send(gateways[i % 2]!, 'POST', '/api/posts', user)).status).toBe(201);
    expect((await send(gateways[1]!, 'POST', '/api/posts', user)).status).toBe(429);
  });

  it('when NATS cannot be reached, then the gateway still limits, counting alone, and says so in its log', async () => {
    const user = someone();
    const max = rule('post').perUser!.max;
    for (let i = 0; i < max; i += 1)
      expect((await send(alone, 'POST', '/api/posts', user)).status).toBe(201);
    expect((await send(alone, 'POST', '/api/posts', user)).status).toBe(429);
    expect(logged).toContain(
      'rate limits counted by this gateway alone: shared counts unreachable',
    );
  });
});
