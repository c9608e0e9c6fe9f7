import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvent } from '@levelup/contracts';
import { eventually, startTestService, type TestService } from '@levelup/service-kit/testing';
import {
  createApp,
  generateVapidKeys,
  startWorkers,
  type Workers,
} from '../../svc-identity/src/index.ts';
import { SESSION_KEYS, client, newUser, type Client } from '../../svc-identity/test/harness.ts';
import { startGateway, type RunningGateway } from './stack.ts';

// A push subscription's endpoint is a URL a user hands the server, which svc-identity connects to when
// a reminder falls due. Any address inside the deployment (loopback, private networks, the cloud's
// metadata service, other services' ports) must be refused: when the subscription is made (its URL),
// and again when a reminder is sent (the addresses its name resolves to then).

let now = new Date('2026-12-01T12:00:00.000Z');
let identity: TestService;
let workers: Workers;
let gateway: RunningGateway;
/** Something internal on loopback that must never be reached: it counts the connections made to it. */
let internal: Server;
const reached: Socket[] = [];

beforeAll(async () => {
  internal = createServer((socket) => {
    reached.push(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  identity = await startTestService({
    name: 'svc-identity',
    createApp,
    startWorkers: async (deps) => {
      workers = await startWorkers(deps);
      return workers;
    },
    // As deployed: push on, the default endpoint policy (no test allowance), a clock of its own.
    deps: {
      sessionKeys: SESSION_KEYS,
      vapid: { ...generateVapidKeys(), subject: 'mailto:ops@levelup.test' },
      reminderTickMs: 0,
      clock: () => now,
    },
  });
  gateway = await startGateway({ IDENTITY_URL: identity.url });
});
afterAll(async () => {
  await gateway?.close();
  await identity?.stop();
  await new Promise((resolve) => internal?.close(resolve));
});

const internalPort = () => (internal.address() as AddressInfo).port;
const keys = {
  p256dh: 'BOr6Yh0kQeVQ0k5QHcC3kCdZqA0y6Tj2R8Pq1c9V5Xc',
  auth: 'q3gD1yWnN2qkL9m8ZP0xAw',
};

async function signedUp(): Promise<{ browser: Client; userId: string }> {
  const browser = client(gateway.url);
  const registered = await browser.request('POST', '/api/auth/register', newUser());
  expect(registered.status).toBe(201);
  return { browser, userId: (registered.body as { id: string }).id };
}

describe('push subscriptions that point inside the deployment', () => {
  it('when a user subscribes with an internal or non-HTTPS endpoint, then it is refused with a 400 and nothing is stored', async () => {
    const { browser } = await signedUp();
    const port = internalPort();
    for (const endpoint of [
      `http://fcm.googleapis.com/fcm/send/abc`,
      `https://127.0.0.1:${port}/anything`,
      `https://localhost:${port}/`,
      `https://[::1]:${port}/`,
      `https://[::ffff:127.0.0.1]/`,
      `https://[::ffff:7f00:1]/`,
      `https://2130706433/`,
      `https://0.0.0.0/`,
      `https://169.254.169.254/latest/meta-data/`,
      `https://10.0.0.5/`,
      `https://172.16.4.4/`,
      `https://192.168.0.10/`,
      `https://100.64.0.1/`,
      `https://[fd00::5]/`,
      `https://[fe80::1]/`,
      `https://[fc00::1]/`,
      `https://[::]/`,
      `https://[::ffff:a9fe:a9fe]/`,
      `https://[::ffff:0.0.0.0]/`,
      `https://[64:ff9b::a00:5]/`,
      `https://svc-quests:4002/api/quests`,
      `https://fcm.googleapis.com:4222/`,
    ]) {
      const answer = await browser.request('PUT', '/api/reminders/subscriptions', {
        endpoint,
        keys,
      });
      expect({ endpoint, status: answer.status }).toEqual({ endpoint, status: 400 });
      expect(answer.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    // Nothing was stored: the first real push service's subscription is this user's only one.
    const real = await browser.request('PUT', '/api/reminders/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/real-browser',
      keys,
    });
    expect(real).toMatchObject({ status: 200, body: { subscriptions: 1 } });
  });

  it('when a stored endpoint names an internal address at sending time, then no connection is made and the subscription is dropped', async () => {
    const { browser, userId } = await signedUp();
    // Subscriptions stored before the rule existed, or whose name resolved elsewhere when they were
    // made: `localhost` resolves to loopback now, as a rebinding name would.
    const endpoints = [
      `https://localhost:${internalPort()}/push/a`,
      `https://[::ffff:127.0.0.1]:${internalPort()}/push/b`,
      `https://127.0.0.1:${internalPort()}/push/c`,
    ];
    await identity.deps.db.collection('push_subscriptions').insertMany(
      endpoints.map((endpoint) => ({
        _id: `ssrf-${endpoint}`,
        userId,
        endpoint,
        keys,
        createdAt: now,
      })) as never[],
    );
    await browser.request('PATCH', '/api/reminders/settings', { quietHours: null });
    const dueAt = new Date(now.getTime() + 60_000);
    await identity.deps.bus.publish(
      makeEvent(
        'quests.reminder_scheduled',
        {
          userId,
          kind: 'quest',
          itemId: `quest-${userId}`,
          occurrence: dueAt.toISOString(),
          dueAt: dueAt.toISOString(),
          title: 'Probe',
        },
        { now },
      ),
    );
    const listed = await eventually(
      async () =>
        ((await browser.request('GET', '/api/reminders')).body as { upcoming: unknown[] }).upcoming,
      (upcoming) => upcoming.length === 1,
    );
    expect(listed).toHaveLength(1);
    now = dueAt;
    await workers.reminders.tick();

    expect(reached).toHaveLength(0);
    const left = await identity.deps.db.collection('push_subscriptions').countDocuments({ userId });
    expect(left).toBe(0);
  });
});
