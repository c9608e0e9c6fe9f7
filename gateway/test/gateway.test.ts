import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyIdentity, verifyInternal } from '@levelup/service-kit';
import { createApp } from '../src/app.ts';
import { gatewayConfigShape } from '../src/config.ts';
import type { GatewayConfig } from '../src/config.ts';
import { z } from 'zod';

const SECRET = 'test-secret-0123456789abcdef';
/** The session lookup as svc-identity checks its internal signature. */
const SESSION_LOOKUP = { service: 'svc-identity', method: 'GET', path: '/internal/session' };
const servers: http.Server[] = [];

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An upstream that records what reached it and answers with it. */
async function recordingUpstream(handler?: (seen: Seen, res: http.ServerResponse) => boolean) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(entry);
      if (handler?.(entry, res)) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, url: req.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** A fake svc-identity: 'levelup.sid=good' is user-1, anything else is signed out. */
async function identityUpstream() {
  return recordingUpstream((seen, res) => {
    if (!seen.url.startsWith('/internal/session')) return false;
    if (!verifyInternal(seen.headers, SECRET, SESSION_LOOKUP)) {
      res.writeHead(401).end();
      return true;
    }
    const cookie = seen.headers.cookie ?? '';
    if (cookie.includes('levelup.sid=admin')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ userId: 'admin-1', role: 'admin' }));
      return true;
    }
    const signedIn = cookie.includes('levelup.sid=good');
    res.writeHead(signedIn ? 200 : 401, { 'content-type': 'application/json' });
    res.end(signedIn ? JSON.stringify({ userId: 'user-1', role: 'member' }) : '{}');
    return true;
  });
}

async function closedPort(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

let base: string;
let identity: Awaited<ReturnType<typeof identityUpstream>>;
let quests: Awaited<ReturnType<typeof recordingUpstream>>;
let remote: Awaited<ReturnType<typeof recordingUpstream>>;
let shell: Awaited<ReturnType<typeof recordingUpstream>>;

beforeAll(async () => {
  identity = await identityUpstream();
  quests = await recordingUpstream((seen, res) => {
    if (seen.url !== '/api/quests/events-probe') return false;
    // An event stream quiet for longer than the upstream timeout, as a session's events can be.
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write('data: one\n\n');
    setTimeout(() => res.write('data: two\n\n'), 1_000);
    setTimeout(() => res.end('data: three\n\n'), 1_200);
    return true;
  });
  remote = await recordingUpstream();
  shell = await recordingUpstream();
  const slow = await recordingUpstream(() => true); // never answers
  const down = await closedPort();
  const config: GatewayConfig = z.object(gatewayConfigShape).parse({
    IDENTITY_SECRET: SECRET,
    IDENTITY_URL: identity.url,
    QUESTS_URL: quests.url,
    GOALS_URL: down,
    COMMUNITY_URL: slow.url,
    FEEDBACK_URL: quests.url,
    SHELL_URL: shell.url,
    REMOTE_QUESTS_URL: remote.url,
    REMOTE_GOALS_URL: down,
    REMOTE_COMMUNITY_URL: remote.url,
    REMOTE_PROGRESSION_URL: remote.url,
    UPSTREAM_TIMEOUT_MS: '400',
  });
  const server = http.createServer(createApp(config).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const lastSeen = (upstream: { seen: Seen[] }) => upstream.seen[upstream.seen.length - 1]!;
/** The identity a service would accept for the request it received, as svc-quests checks it. */
const identityAt = (seen: Seen, service = 'svc-quests') =>
  verifyIdentity(seen.headers, SECRET, {
    service,
    method: seen.method,
    path: seen.url,
    body: seen.body,
  });

describe('gateway identity at the edge', () => {
  it('when a signed-in browser calls a service, then the service gets a verifiable identity and no cookie', async () => {
    const response = await fetch(`${base}/api/quests`, { headers: { cookie: 'levelup.sid=good' } });
    expect(response.status).toBe(200);
    const seen = lastSeen(quests);
    expect(identityAt(seen)).toEqual({ userId: 'user-1', role: 'member' });
    expect(seen.headers.cookie).toBeUndefined();
  });

  it('when an admin calls a service, then the signed identity carries the admin role, and a client cannot claim it', async () => {
    await fetch(`${base}/api/quests`, { headers: { cookie: 'levelup.sid=admin' } });
    expect(identityAt(lastSeen(quests))).toEqual({
      userId: 'admin-1',
      role: 'admin',
    });
    await fetch(`${base}/api/quests`, {
      headers: { cookie: 'levelup.sid=good', 'x-user-role': 'admin' },
    });
    expect(identityAt(lastSeen(quests))).toEqual({
      userId: 'user-1',
      role: 'member',
    });
  });

  it('when a client sends its own identity headers, then they are stripped before the service sees them', async () => {
    await fetch(`${base}/api/quests`, {
      headers: {
        'x-user-id': 'attacker',
        'x-identity-sig': 'deadbeef',
        'x-identity-ts': String(Date.now()),
      },
    });
    const seen = lastSeen(quests);
    expect(seen.headers['x-user-id']).toBeUndefined();
    expect(identityAt(seen)).toBeNull();
  });

  it('when a signed-in client also sends a spoofed user id, then the service sees the session user', async () => {
    await fetch(`${base}/api/quests`, {
      headers: { cookie: 'levelup.sid=good', 'x-user-id': 'attacker' },
    });
    expect(identityAt(lastSeen(quests))).toEqual({
      userId: 'user-1',
      role: 'member',
    });
  });

  it('when a signed-in browser posts a body, then it reaches the service unchanged and the identity is signed for that body, path and service only', async () => {
    const body = JSON.stringify({ title: 'Walk the dog', xpReward: 10 });
    const response = await fetch(`${base}/api/quests?source=test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'levelup.sid=good' },
      body,
    });
    expect(response.status).toBe(200);
    const seen = lastSeen(quests);
    expect(seen.body).toBe(body);
    expect(identityAt(seen)).toEqual({ userId: 'user-1', role: 'member' });
    expect(identityAt({ ...seen, body: body.replace('10', '1000') })).toBeNull();
    expect(identityAt({ ...seen, url: '/api/quests' })).toBeNull();
    expect(identityAt({ ...seen, method: 'PUT' })).toBeNull();
    expect(identityAt(seen, 'svc-goals')).toBeNull();
  });

  it('when a signed-in browser posts a body larger than the services take, then the gateway answers 413 and sends nothing', async () => {
    const before = quests.seen.length;
    const response = await fetch(`${base}/api/quests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'levelup.sid=good' },
      body: JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(quests.seen.length).toBe(before);
  });

  it('when a signed-in browser posts an import over 1 MiB, then the gateway signs and sends it (an import takes up to 8 MiB), and refuses one over that', async () => {
    const before = quests.seen.length;
    const send = (bytes: number) =>
      fetch(`${base}/api/quests/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'levelup.sid=good' },
        body: JSON.stringify({
          source: 'loop',
          fileName: 'x.zip',
          files: [{ name: 'a', text: 'x'.repeat(bytes) }],
        }),
      });
    const big = await send(3 * 1024 * 1024);
    expect(big.status).toBe(200);
    expect(quests.seen.length).toBe(before + 1);
    expect(identityAt(lastSeen(quests))).toEqual({ userId: 'user-1', role: 'member' });
    const tooBig = await send(8 * 1024 * 1024 + 10);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request body is larger than 8388608 bytes',
      },
    });
    expect(quests.seen.length).toBe(before + 1);
  });

  it('when the browser signs in, then svc-identity receives the cookie and the body unchanged', async () => {
    const body = JSON.stringify({ username: 'ada', password: 'secret1' });
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'levelup.sid=old' },
      body,
    });
    expect(response.status).toBe(200);
    const seen = lastSeen(identity);
    expect(seen.url).toBe('/api/auth/login');
    expect(seen.headers.cookie).toBe('levelup.sid=old');
    expect(seen.body).toBe(body);
  });
});

describe('gateway routing and failures', () => {
  it('when a request carries no request id, then one is made and reaches the service and the client', async () => {
    const response = await fetch(`${base}/api/quests`);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lastSeen(quests).headers['x-request-id']).toBe(requestId);
  });

  it('when an API path has no owner, then the answer is a JSON 404', async () => {
    const response = await fetch(`${base}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('when the owning service is down, then the answer is a JSON 502', async () => {
    const response = await fetch(`${base}/api/goals`);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: { code: 'UPSTREAM_UNAVAILABLE' } });
  });

  it('when the owning service does not answer, then the answer is a JSON 504 after the upstream timeout', async () => {
    const response = await fetch(`${base}/api/posts`, { signal: AbortSignal.timeout(5000) });
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ error: { code: 'UPSTREAM_TIMEOUT' } });
  });

  it('when a service answers an event stream, then each event is passed on at once and the stream outlives the upstream timeout', async () => {
    const started = Date.now();
    const response = await fetch(`${base}/api/quests/events-probe`, {
      headers: { cookie: 'levelup.sid=good', accept: 'text/event-stream' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe('data: one\n\n');
    expect(Date.now() - started).toBeLessThan(900);
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value);
    }
    expect(rest).toBe('data: two\n\ndata: three\n\n');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_200);
  });

  it('when another site posts to the API, then the gateway refuses it', async () => {
    const posts = () => quests.seen.filter((seen) => seen.method === 'POST').length;
    const before = posts();
    const response = await fetch(`${base}/api/quests`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect(posts()).toBe(before);
  });

  it('when the shell asks for the remote manifest, then it lists every remote at a same-origin path', async () => {
    const response = await fetch(`${base}/config/remotes.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({
      mfe_quests: '/remotes/quests/mf-manifest.json',
      mfe_goals: '/remotes/goals/mf-manifest.json',
      mfe_community: '/remotes/community/mf-manifest.json',
      mfe_progression: '/remotes/progression/mf-manifest.json',
    });
  });

  it("when a remote's asset is requested, then it is forwarded to that remote's server without the mount prefix", async () => {
    const response = await fetch(`${base}/remotes/quests/mf-manifest.json`);
    expect(response.status).toBe(200);
    expect(lastSeen(remote).url).toBe('/mf-manifest.json');
  });

  it("when a remote's server is down, then only that remote's assets fail", async () => {
    expect((await fetch(`${base}/remotes/goals/mf-manifest.json`)).status).toBe(502);
    expect((await fetch(`${base}/remotes/community/mf-manifest.json`)).status).toBe(200);
  });

  it('when any other path is requested, then the shell serves it', async () => {
    await fetch(`${base}/quests`);
    expect(lastSeen(shell).url).toBe('/quests');
  });
});

describe('gateway API reference', () => {
  it('when anyone asks for /api/openapi.json, then it gets an OpenAPI 3.1 document naming every call without a session', async () => {
    const before = identity.seen.length;
    const response = await fetch(`${base}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths['/api/quests/{id}/toggle'] ?? {})).toEqual(['post']);
    expect(document.paths['/api/feedback']).toHaveProperty('get');
    // Served by the gateway itself: no session lookup, nothing proxied.
    expect(identity.seen.length).toBe(before);
  });

  it('when a person opens /api/docs, then every call is listed on one HTML page, escaped', async () => {
    const response = await fetch(`${base}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<h1>Level Up API reference</h1>');
    expect(html).toContain('<code>/api/quests/{id}/toggle</code>');
    expect(html).toContain('href="/api/openapi.json"');
    expect(html).not.toMatch(/<script/i);
    const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    expect(html.match(/<section class="op"/g)?.length).toBe(operations.length);
  });

  it('when something other than GET is sent to the reference, then it goes on to the API routing as before', async () => {
    const response = await fetch(`${base}/api/docs`, { method: 'POST' });
    expect(response.status).toBe(404);
  });
});

describe('gateway security headers', () => {
  it('when an API call is answered, then it is never stored, never rendered as a document and never framed', async () => {
    const response = await fetch(`${base}/api/quests`, { headers: { cookie: 'levelup.sid=good' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('when the gateway answers an API error itself, then the same headers are there', async () => {
    const response = await fetch(`${base}/api/no-such-area`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('when a page is answered, then it is not framed and keeps the static server’s own policy', async () => {
    const response = await fetch(`${base}/dashboard`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).not.toBe('no-store');
    const docs = await fetch(`${base}/api/docs`);
    expect(docs.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
  });
});

describe('gateway liveness and readiness', () => {
  it('when a service refused its last connection, then /readyz is 503 naming it, while /healthz says the gateway is alive', async () => {
    expect(
      (await fetch(`${base}/api/goals`, { headers: { cookie: 'levelup.sid=good' } })).status,
    ).toBe(502);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { status: string; services: Record<string, string> };
    expect(body.status).toBe('not ready');
    expect(body.services).toMatchObject({ 'svc-goals': 'down', 'svc-quests': 'up' });
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({
      status: 'ok',
      service: 'gateway',
    });
  });
});
