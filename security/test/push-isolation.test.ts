import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PUSH_SUBSCRIPTIONS, makeEvent } from '@levelup/contracts';
import { eventually, startTestService, type TestService } from '@levelup/service-kit/testing';
import {
  startPushServiceStandIn,
  type PushServiceStandIn,
} from '@levelup/service-kit/testing/push-service';
import {
  createApp,
  generateVapidKeys,
  startWorkers,
  type Workers,
} from '../../svc-identity/src/index.ts';
import { SESSION_KEYS, client, newUser, type Client } from '../../svc-identity/test/harness.ts';
import { startGateway, type RunningGateway } from './stack.ts';

// One user's push subscriptions must not cost everyone else their reminders: endpoints that accept a
// connection and then say nothing used to hold the one delivery loop for every user, and a user could
// register any number of them.

let now = new Date('2026-12-01T12:00:00.000Z');
let identity: TestService;
let workers: Workers;
let gateway: RunningGateway;
let push: PushServiceStandIn;
/** Endpoints that accept connections and never answer; it keeps every socket open until told. */
let silent: Server;
const held: Socket[] = [];

beforeAll(async () => {
  push = await startPushServiceStandIn();
  silent = createServer((socket) => {
    held.push(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  identity = await startTestService({
    name: 'svc-identity',
    createApp,
    startWorkers: async (deps) => {
      workers = await startWorkers(deps);
      return workers;
    },
    deps: {
      sessionKeys: SESSION_KEYS,
      vapid: { ...generateVapidKeys(), subject: 'mailto:ops@levelup.test' },
      reminderTickMs: 0,
      clock: () => now,
      // The stand-in and the silent endpoints live on loopback (the tests' allowance). The timeouts are
      // far longer than the test, so the silent sends are still waiting while the other user's goes.
      push: {
        ca: push.ca,
        policy: { allowLoopback: true, allowedHosts: [] },
        connectTimeoutMs: 120_000,
        timeoutMs: 120_000,
      },
    },
  });
  // The gateway's own limit on new subscriptions (10 an hour, gateway/test/write-limits.test.ts) would
  // stop the 41 before svc-identity sees them: this suite attacks the service's cap behind it.
  gateway = await startGateway({ IDENTITY_URL: identity.url, RATE_LIMITS: 'off' });
});
afterAll(async () => {
  // No new silent connections, and the held ones hang up: every send still waiting ends at once.
  const closed = new Promise((resolve) => silent?.close(resolve));
  for (const socket of held) socket.destroy();
  await gateway?.close();
  await identity?.stop();
  await push?.close();
  await closed;
});

const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

async function signedUp(): Promise<{ browser: Client; userId: string }> {
  const browser = client(gateway.url);
  const registered = await browser.request('POST', '/api/auth/register', newUser());
  expect(registered.status).toBe(201);
  await browser.request('PATCH', '/api/reminders/settings', { quietHours: null });
  return { browser, userId: (registered.body as { id: string }).id };
}

async function remindAt(userId: string, dueAt: Date, title: string) {
  await identity.deps.bus.publish(
    makeEvent(
      'quests.reminder_scheduled',
      {
        userId,
        kind: 'quest',
        itemId: `quest-${title}-${userId}`,
        occurrence: dueAt.toISOString(),
        dueAt: dueAt.toISOString(),
        title,
      },
      { now },
    ),
  );
}

const upcoming = async (browser: Client) =>
  ((await browser.request('GET', '/api/reminders')).body as { upcoming: unknown[] }).upcoming;

describe('push subscriptions per user', () => {
  it(`when one user subscribes 41 browsers, then they keep the ${MAX_PUSH_SUBSCRIPTIONS} most recent`, async () => {
    const { browser, userId } = await signedUp();
    let last = 0;
    for (let i = 0; i < 41; i += 1) {
      const answer = await browser.request('PUT', '/api/reminders/subscriptions', {
        endpoint: `https://fcm.googleapis.com/fcm/send/device-${i}`,
        keys,
      });
      expect(answer.status).toBe(200);
      last = (answer.body as { subscriptions: number }).subscriptions;
      now = new Date(now.getTime() + 1000);
    }
    expect(last).toBe(MAX_PUSH_SUBSCRIPTIONS);
    const stored = await identity.deps.db
      .collection('push_subscriptions')
      .find({ userId })
      .toArray();
    expect(stored.map((row) => row.endpoint as string).sort()).toEqual(
      Array.from(
        { length: MAX_PUSH_SUBSCRIPTIONS },
        (_, i) => `https://fcm.googleapis.com/fcm/send/device-${41 - MAX_PUSH_SUBSCRIPTIONS + i}`,
      ).sort(),
    );
  });
});

describe('one user’s silent push endpoints', () => {
  it('when they never answer, then another user’s reminder due after theirs is still delivered while theirs wait', async () => {
    const silentUser = await signedUp();
    const silentPort = (silent.address() as AddressInfo).port;
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS; i += 1) {
      const answer = await silentUser.browser.request('PUT', '/api/reminders/subscriptions', {
        endpoint: `https://127.0.0.1:${silentPort}/push/silent-${i}`,
        keys,
      });
      expect(answer.status).toBe(200);
    }
    const other = await signedUp();
    const device = push.subscribe();
    expect(
      (await other.browser.request('PUT', '/api/reminders/subscriptions', device.json)).status,
    ).toBe(200);

    // The silent user's reminders come first (two of them), the other user's a second later.
    const first = new Date(now.getTime() + 60_000);
    await remindAt(silentUser.userId, first, 'Silent one');
    await remindAt(silentUser.userId, first, 'Silent two');
    await remindAt(other.userId, new Date(first.getTime() + 1000), 'Water the plants');
    expect(
      await eventually(
        () => upcoming(silentUser.browser),
        (list) => list.length === 2,
      ),
    ).toHaveLength(2);
    expect(
      await eventually(
        () => upcoming(other.browser),
        (list) => list.length === 1,
      ),
    ).toHaveLength(1);

    now = new Date(first.getTime() + 2000);
    let tickDone = false;
    const tick = workers.reminders.tick().finally(() => {
      tickDone = true;
    });
    const delivered = await eventually(
      async () => push.received.filter((message) => message.subscriptionId === device.id),
      (messages) => messages.length === 1,
      30_000,
    );
    expect(delivered).toHaveLength(1);
    expect(JSON.parse(delivered[0]?.payload ?? '{}')).toMatchObject({ title: 'Water the plants' });
    // The silent sends are all still waiting: one reminder's worth, to every silent browser at once
    // (the user's second reminder waits for the first, not alongside it).
    const waiting = await eventually(
      async () => held.filter((socket) => !socket.destroyed).length,
      (count) => count >= MAX_PUSH_SUBSCRIPTIONS,
    );
    expect(waiting).toBe(MAX_PUSH_SUBSCRIPTIONS);
    expect(tickDone).toBe(false);

    // The silent endpoints hang up: the tick finishes, the silent user's reminders are handled too.
    for (const socket of held) socket.destroy();
    await eventually(
      async () => tickDone,
      (done) => {
        for (const socket of held) socket.destroy();
        return done;
      },
      30_000,
    );
    expect(await tick).toMatchObject({ sent: 3 });
  });
});
