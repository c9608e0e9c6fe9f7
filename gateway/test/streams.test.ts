import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API, apiPath } from '@levelup/contracts';
import { verifyIdentity } from '@levelup/service-kit';
import { eventually } from '@levelup/service-kit/testing';
import { createApp } from '../src/app.ts';
import { gatewayConfigShape } from '../src/config.ts';

// Live room streams through the gateway: capped per user, per room and in all, on sockets of their own,
// so one account holding streams never leaves another user's ordinary request waiting.

const SECRET = 'test-secret-0123456789abcdef';
const servers: http.Server[] = [];
const open: AbortController[] = [];

afterEach(() => {
  for (const controller of open.splice(0)) controller.abort();
});
afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** svc-identity's session lookup: the cookie's value is the user id. */
async function identity() {
  return listen(
    http.createServer((req, res) => {
      const userId = /levelup\.sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      res.writeHead(userId ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(userId ? { userId, role: 'member' } : {}));
    }),
  );
}

/**
 * svc-community as the gateway sees it: a room's events path answers an event stream that stays open;
 * anything else answers at once, 401 unless its signed identity checks out (as every service does).
 * `hold` keeps ordinary answers open (a byte every 50 ms, so they are never idle) until released.
 */
async function community() {
  const state = {
    streams: 0,
    ordinary: [] as string[],
    hold: false,
    held: [] as http.ServerResponse[],
  };
  const url = await listen(
    http.createServer((req, res) => {
      if (req.url?.endsWith('/room/events')) {
        state.streams += 1;
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('retry: 2000\n\n');
        // A comment now and then, as a live room's stream has events: never an idle connection.
        const timer = setInterval(() => res.write(': still here\n\n'), 500);
        res.once('close', () => clearInterval(timer));
        return;
      }
      state.ordinary.push(req.url ?? '');
      const signed = verifyIdentity(req.headers, SECRET, {
        service: 'svc-community',
        method: req.method ?? 'GET',
        path: req.url ?? '',
      });
      if (state.hold) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => res.write('.'), 50);
        res.once('close', () => clearInterval(timer));
        state.held.push(res);
        return;
      }
      res.writeHead(signed ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(signed ? [] : { error: { code: 'UNAUTHENTICATED' } }));
    }),
  );
  return Object.assign(state, { url });
}

async function gatewayWith(env: Record<string, string>) {
  const upstream = await community();
  const config = z.object(gatewayConfigShape).parse({
    IDENTITY_SECRET: SECRET,
    IDENTITY_URL: await identity(),
    COMMUNITY_URL: upstream.url,
    FIRST_SCREEN_TIMEOUT_MS: '0',
    ...env,
  });
  const url = await listen(http.createServer(createApp(config).callback()));
  /** Opens a room stream as the user; the answer's status, headers and body when it is not a stream. */
  const stream = async (userId: string, room: string) => {
    const controller = new AbortController();
    const response = await fetch(`${url}${apiPath(API.roomEvents.path, { id: room })}`, {
      headers: { cookie: `levelup.sid=${userId}` },
      signal: controller.signal,
    });
    open.push(controller);
    const isStream = response.headers.get('content-type') === 'text/event-stream';
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: isStream
        ? undefined
        : ((await response.json()) as {
            error: { code: string; message: string; details?: { cap: string; max: number } };
          }),
      close: () => controller.abort(),
    };
  };
  const posts = async (userId: string, signal?: AbortSignal) => {
    const response = await fetch(`${url}${API.listPosts.path}`, {
      headers: { cookie: `levelup.sid=${userId}` },
      ...(signal ? { signal } : {}),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as unknown,
    };
  };
  return { url, upstream, stream, posts };
}

describe('live room streams through the gateway', () => {
  it('when one user opens more streams than a person would, then those past 4 are refused with 429 naming the per-user cap, and another user is served', async () => {
    const { stream, posts, upstream } = await gatewayWith({});
    const answers = [];
    for (let i = 0; i < 6; i += 1)
      answers.push(await stream('hoarder', i < 3 ? 'room-a' : 'room-b'));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = answers[4]!;
    expect(refused.body?.error.code).toBe('TOO_MANY_STREAMS');
    expect(refused.body?.error.details).toEqual({ cap: 'per-user', max: 4 });
    expect(refused.body?.error.message).toContain('4 live room connections');
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(upstream.streams).toBe(4);

    expect((await stream('other', 'room-a')).status).toBe(200);
    expect((await posts('other')).status).toBe(200);

    // A stream closed is given back: the hoarder may open one again.
    answers[0]!.close();
    const again = await eventually(
      () => stream('hoarder', 'room-a'),
      (answer) => answer.status === 200,
    );
    expect(again.status).toBe(200);
  });

  it('when a room or the gateway is at its cap, then the next stream is refused naming that cap', async () => {
    const { stream } = await gatewayWith({ STREAMS_PER_ROOM: '3', STREAMS_TOTAL: '5' });
    for (const user of ['u1', 'u2', 'u3']) expect((await stream(user, 'full')).status).toBe(200);
    const overRoom = await stream('u4', 'full');
    expect(overRoom.status).toBe(429);
    expect(overRoom.body?.error.details).toEqual({ cap: 'per-room', max: 3 });
    expect(overRoom.body?.error.message).toContain('This room already has 3 live connections');

    expect((await stream('u4', 'other')).status).toBe(200);
    expect((await stream('u5', 'other')).status).toBe(200);
    const overTotal = await stream('u6', 'third');
    expect(overTotal.status).toBe(429);
    expect(overTotal.body?.error.details).toEqual({ cap: 'total', max: 5 });
    expect(overTotal.body?.error.message).toContain('Live rooms are full right now');
    expect(overTotal.retryAfter).not.toBeNull();
  });

  it('when more streams are open than the gateway has sockets for ordinary requests, then another user is still answered, with a valid identity', async () => {
    // The caps raised out of the way: what is tested here is that streams use sockets of their own.
    const { stream, posts, upstream } = await gatewayWith({
      STREAMS_PER_USER: '400',
      STREAMS_PER_ROOM: '400',
      STREAMS_TOTAL: '400',
    });
    for (let start = 0; start < 300; start += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_, i) => stream(`member-${(start + i) % 60}`, 'busy')),
      );
      expect(new Set(batch.map((answer) => answer.status))).toEqual(new Set([200]));
    }
    expect(upstream.streams).toBe(300);
    // Without sockets of their own the streams hold every one, and this waits for as long as they stay open.
    const answer = await posts('reader', AbortSignal.timeout(20_000));
    expect(answer.status).toBe(200);
    expect(upstream.streams).toBe(300);
  });

  it('when every slot to the service is taken, then a waiting request is answered 503 with Retry-After at its deadline and never sent on', async () => {
    const { posts, upstream } = await gatewayWith({
      UPSTREAM_MAX_PER_INSTANCE: '1',
      UPSTREAM_TIMEOUT_MS: '300',
    });
    upstream.hold = true;
    const first = posts('first').catch(() => undefined);
    await eventually(
      async () => upstream.held.length,
      (held) => held === 1,
    );
    const waiting = await posts('second');
    expect(waiting.status).toBe(503);
    expect(waiting.retryAfter).toBe('1');
    expect((waiting.body as { error: { code: string } }).error.code).toBe('UPSTREAM_BUSY');
    expect(upstream.ordinary).toHaveLength(1);
    upstream.held[0]!.end();
    await first;
  });
});
