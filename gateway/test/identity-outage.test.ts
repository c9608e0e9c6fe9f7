import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { makeEvent } from '@levelup/contracts';
import { createLogger, verifyIdentity, verifyInternal } from '@levelup/service-kit';
import { eventually } from '@levelup/service-kit/testing';
import { z } from 'zod';
import { createApp, sessionResolverFor } from '../src/app.ts';
import { gatewayConfigShape } from '../src/config.ts';
import { subscribeRevocations } from '../src/session-revocations.ts';

const SECRET = 'test-secret-0123456789abcdef';
/** The session lookup as svc-identity checks its internal signature. */
const SESSION_LOOKUP = { service: 'svc-identity', method: 'GET', path: '/internal/session' };
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const NAMESPACE = `t${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const servers: http.Server[] = [];

/** Browser cookies and the session hash svc-identity names each by. */
const SESSIONS: Record<string, { userId: string; sessionHash: string }> = {
  'levelup.sid=ada': { userId: 'ada', sessionHash: 'a'.repeat(64) },
  'levelup.sid=bob': { userId: 'bob', sessionHash: 'b'.repeat(64) },
  'levelup.sid=cyd': { userId: 'cyd', sessionHash: 'c'.repeat(64) },
  'levelup.sid=dan': { userId: 'dan', sessionHash: 'd'.repeat(64) },
};

/** A fake svc-identity: resolves SESSIONS, records sign-outs, and can go away as a killed process does. */
const identity = { down: false, signedOut: [] as string[] };
async function listen(server: http.Server, port = 0): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function identityServer() {
  return http.createServer((req, res) => {
    if (identity.down) {
      req.socket.destroy();
      return;
    }
    const cookie = req.headers.cookie ?? '';
    const session = identity.signedOut.includes(cookie) ? undefined : SESSIONS[cookie];
    if (req.url === '/internal/session' && verifyInternal(req.headers, SECRET, SESSION_LOOKUP)) {
      res.writeHead(session ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(session ?? {}));
    } else if (req.url === '/api/logout' && req.method === 'POST') {
      identity.signedOut.push(cookie);
      res.writeHead(303, { location: '/' }).end();
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }
  });
}

/** A service that, like the real ones, answers 401 without the gateway's signed identity. */
function serviceServer() {
  return http.createServer((req, res) => {
    // Reads only (no body): the identity as svc-quests or svc-goals checks it.
    const service = req.url?.startsWith('/api/goals') ? 'svc-goals' : 'svc-quests';
    const who = verifyIdentity(req.headers, SECRET, {
      service,
      method: req.method ?? 'GET',
      path: req.url ?? '/',
    });
    res.writeHead(who ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(who ?? { error: { code: 'UNAUTHENTICATED' } }));
  });
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let base: string;
let goalsPort: number;
let nats: NatsConnection;
let revocations: ReturnType<typeof subscribeRevocations>;

beforeAll(async () => {
  const identityUrl = await listen(identityServer());
  const questsUrl = await listen(serviceServer());
  goalsPort = await freePort();
  const config = z.object(gatewayConfigShape).parse({
    IDENTITY_SECRET: SECRET,
    IDENTITY_URL: identityUrl,
    QUESTS_URL: questsUrl,
    GOALS_URL: `http://127.0.0.1:${goalsPort}`,
    NATS_URL,
    NATS_NAMESPACE: NAMESPACE,
  });
  const sessions = sessionResolverFor(config);
  revocations = subscribeRevocations(config, sessions, createLogger('gateway-test'));
  await revocations.ready;
  base = await listen(http.createServer(createApp(config, { sessions }).callback()));
  nats = await connect({ servers: NATS_URL });
});

afterAll(async () => {
  await revocations.close();
  await nats.close();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

beforeEach(() => {
  identity.down = false;
});

const get = (path: string, cookie?: string, method = 'GET') =>
  fetch(`${base}${path}`, {
    method,
    headers: cookie ? { cookie } : {},
    redirect: 'manual',
    signal: AbortSignal.timeout(3_000),
  });

describe('gateway while svc-identity is down', () => {
  it('when svc-identity is killed, then a signed-in browser keeps using the other domains as itself', async () => {
    expect((await get('/api/quests', 'levelup.sid=ada')).status).toBe(200);
    identity.down = true;
    const response = await get('/api/quests', 'levelup.sid=ada');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ userId: 'ada', role: 'member' });
  });

  it('when a browser never seen before calls during the outage, then it gets a JSON 503 IDENTITY_UNAVAILABLE', async () => {
    identity.down = true;
    const response = await get('/api/quests', 'levelup.sid=unknown');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'IDENTITY_UNAVAILABLE' } });
  });

  it('when someone signs in during the outage, then the answer is a JSON 503 the shell can show', async () => {
    identity.down = true;
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ada', password: 'secret1' }),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: {
        code: 'IDENTITY_UNAVAILABLE',
        message: 'The sign-in service is unavailable right now. Please try again in a moment.',
      },
    });
  });

  it('when svc-identity publishes identity.session_revoked, then that session is refused within a second while svc-identity is down', async () => {
    expect((await get('/api/quests', 'levelup.sid=bob')).status).toBe(200);
    expect((await get('/api/quests', 'levelup.sid=cyd')).status).toBe(200);
    identity.down = true;
    const event = makeEvent('identity.session_revoked', {
      ...SESSIONS['levelup.sid=bob']!,
      reason: 'sign_out',
    });
    nats.publish(`${NAMESPACE}.identity.session_revoked`, JSON.stringify(event));
    const revokedAt = Date.now();
    const status = await eventually(
      async () => (await get('/api/quests', 'levelup.sid=bob')).status,
      (answer) => answer !== 200,
      1_000,
      20,
    );
    expect(status).toBe(503);
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
    expect((await get('/api/quests', 'levelup.sid=cyd')).status).toBe(200);
  });

  it('when a browser signs out during the outage, then its cookie is refused at once and svc-identity ends the session when it returns', async () => {
    expect((await get('/api/quests', 'levelup.sid=dan')).status).toBe(200);
    identity.down = true;
    // A GET is not a sign-out, even while svc-identity is away.
    expect((await get('/api/logout', 'levelup.sid=dan')).status).toBe(503);
    const signOut = await get('/api/logout', 'levelup.sid=dan', 'POST');
    expect(signOut.status).toBe(303);
    expect(signOut.headers.get('location')).toBe('/');
    expect(signOut.headers.getSetCookie().join(';')).toMatch(/levelup\.sid=;/);
    expect((await get('/api/quests', 'levelup.sid=dan')).status).toBe(401);
    identity.down = false;
    await eventually(
      async () => identity.signedOut.includes('levelup.sid=dan'),
      (told) => told,
      5_000,
    );
    expect(identity.signedOut).toContain('levelup.sid=dan');
    expect((await get('/api/quests', 'levelup.sid=dan')).status).toBe(401);
  });
});

describe("gateway while another domain's service is down", () => {
  it('when the address refuses, then its routes get a JSON 502 within a second, and work again by themselves once it is back', async () => {
    const started = Date.now();
    const down = await get('/api/goals', 'levelup.sid=ada');
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({ error: { code: 'UPSTREAM_UNAVAILABLE' } });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await get('/api/quests', 'levelup.sid=ada')).status).toBe(200);

    await listen(serviceServer(), goalsPort);
    const back = await get('/api/goals', 'levelup.sid=ada');
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual({ userId: 'ada', role: 'member' });
  });
});
