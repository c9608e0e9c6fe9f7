import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API, apiPath, type RoomStreamEvent } from '@levelup/contracts';
import {
  TEST_IDENTITY_SECRET,
  eventually,
  removeTestStreams,
  startTestInfra,
  type TestInfra,
} from '@levelup/service-kit/testing';
import { createApp as createGateway, gatewayConfigShape } from '../../gateway/src/index.ts';
import { openRoomStreams, roomTimersRunning } from '../src/app.ts';
import { startCommunity, type CommunityHarness } from './harness.ts';
import { openStream, type OpenStream } from './sse.ts';

// Two svc-community instances behind the gateway: a room's events reach members whichever instance
// holds their stream, in the same order.

let infra: TestInfra;
let a: CommunityHarness;
let b: CommunityHarness;
let gateway: string;
const servers: http.Server[] = [];
const streams: OpenStream[] = [];

async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  infra = await startTestInfra();
  a = await startCommunity({ infra });
  b = await startCommunity({ infra });
  // svc-identity's session lookup, faked: the session cookie's value is the user id.
  const identity = await listen(
    http.createServer((req, res) => {
      const userId = /levelup\.sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      res.writeHead(userId ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(userId ? { userId, role: 'member' } : {}));
    }),
  );
  const config = z.object(gatewayConfigShape).parse({
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    IDENTITY_URL: identity,
    COMMUNITY_URLS: `${a.url},${b.url}`,
    RATE_LIMITS: 'off',
  });
  gateway = await listen(http.createServer(createGateway(config).callback()));
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await a?.stop();
  await b?.stop();
  if (infra) {
    await removeTestStreams(infra);
    await infra.stop();
  }
});

async function call(userId: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${gateway}${path}`, {
    method,
    headers: {
      cookie: `levelup.sid=${userId}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function connect(userId: string, id: string) {
  const stream = await openStream(`${gateway}${apiPath(API.roomEvents.path, { id })}`, {
    cookie: `levelup.sid=${userId}`,
  });
  streams.push(stream);
  return stream;
}

const sequenced = (stream: OpenStream) =>
  stream.received.flatMap((r) =>
    'seq' in r.event
      ? [`${r.event.seq}:${r.event.type}:${'userId' in r.event ? r.event.userId : ''}`]
      : [],
  );

describe('live rooms across two instances behind the gateway', () => {
  it('when members are connected to either instance, then presence, check-ins and the timer reach all of them in one order', async () => {
    const names = ['Host Hana', 'Ada', 'Bo', 'Cy'];
    const [host, ...others] = await Promise.all(names.map((name) => a.member(name)));
    // The break starts in about three seconds.
    const startTime = new Date(Date.now() - 6 * 60_000 + 3_000).toISOString();
    const created = await call(host!, 'POST', API.createSession.path, {
      title: 'Across instances',
      startTime,
      duration: 11,
      maxParticipants: 6,
      category: 'focus',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    for (const userId of others) {
      expect((await call(userId, 'POST', apiPath(API.joinSession.path, { id }))).status).toBe(200);
    }

    const members = [host!, ...others];
    // No stream yet: no heartbeats, sweeps or timer checks running.
    expect(roomTimersRunning(a.deps.db)).toBe(false);
    expect(roomTimersRunning(b.deps.db)).toBe(false);
    const open: OpenStream[] = [];
    for (const userId of members) {
      const stream = await connect(userId, id);
      expect(stream.status).toBe(200);
      await stream.next((e) => e.type === 'snapshot');
      open.push(stream);
    }
    // The gateway spread the streams over both instances.
    expect(openRoomStreams(a.deps.db)).toBeGreaterThan(0);
    expect(openRoomStreams(b.deps.db)).toBeGreaterThan(0);
    expect(roomTimersRunning(a.deps.db)).toBe(true);
    expect(roomTimersRunning(b.deps.db)).toBe(true);

    const first = open[0]!;
    for (const userId of others) {
      await first.next((e) => e.type === 'presence_joined' && e.userId === userId);
    }
    for (const [index, userId] of members.entries()) {
      const answer = await call(userId, 'PUT', apiPath(API.checkIn.path, { id }), {
        line: `Task ${index}`,
      });
      expect(answer.status).toBe(200);
    }
    const isLastCheckIn = (e: RoomStreamEvent) =>
      e.type === 'checked_in' && e.userId === members.at(-1);
    const isBreak = (e: RoomStreamEvent) => e.type === 'timer' && e.phase === 'break';
    for (const stream of open) {
      await stream.next(isLastCheckIn);
      await stream.next(isBreak, 8_000);
    }
    // Exactly one break announcement, and every stream saw the same events in the same order.
    for (const stream of open) {
      expect(stream.received.filter((r) => isBreak(r.event))).toHaveLength(1);
      const seqs = stream.received.flatMap((r) => ('seq' in r.event ? [r.event.seq] : []));
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(new Set(seqs).size).toBe(seqs.length);
    }
    const last = sequenced(open.at(-1)!);
    for (const stream of open) {
      const mine = sequenced(stream);
      const common = mine.filter((entry) => last.includes(entry));
      expect(common).toEqual(last.filter((entry) => mine.includes(entry)));
      expect(mine.slice(-5)).toEqual(last.slice(-5));
    }

    // Closing a tab behind the gateway: the others hear it at once, whichever instance they are on.
    const leaving = open[1]!;
    leaving.close();
    for (const stream of [open[0]!, open[2]!, open[3]!]) {
      await stream.next((e) => e.type === 'presence_left' && e.userId === others[0], 3_000);
    }

    // Once every stream is closed, the instances stop their room timers.
    for (const stream of open) stream.close();
    const stillRunning = await eventually(
      async () => roomTimersRunning(a.deps.db) || roomTimersRunning(b.deps.db),
      (running) => !running,
    );
    expect(stillRunning).toBe(false);
  });
});
