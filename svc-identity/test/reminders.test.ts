import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeEvent,
  type EventType,
  type QuestXpEventData,
  type ReminderScheduledEventData,
} from '@levelup/contracts';
import { createLogger } from '@levelup/service-kit';
import {
  eventually,
  startTestService,
  watchedConnection,
  type TestService,
} from '@levelup/service-kit/testing';
import {
  startPushServiceStandIn,
  type FakeBrowserSubscription,
  type PushServiceStandIn,
} from '@levelup/service-kit/testing/push-service';
import { createApp, startWorkers, type Workers } from '../src/app.ts';
import { reminderModels } from '../src/reminders/models.ts';
import { generateVapidKeys, webPushSender } from '../src/reminders/push-sender.ts';
import { reminderEventHandler } from '../src/reminders/reminder-events.ts';
import { remindersRepository } from '../src/reminders/repository.ts';
import { reminderScheduler } from '../src/reminders/scheduler.ts';
import { identityModels } from '../src/users/models.ts';
import { SESSION_KEYS, client, newUser, type Client } from './harness.ts';

// A fake clock every reminder decision reads; the scheduler never ticks by itself here (tick 0).
let now = new Date('2026-12-01T09:00:00.000Z');
const clock = () => now;
const vapid = { ...generateVapidKeys(), subject: 'mailto:ops@levelup.test' };

let push: PushServiceStandIn;
let identity: TestService;
let workers: Workers;

/** The stand-in runs on loopback on a port of its own with its own certificate: trusted and allowed here, for tests only. */
const pushSettings = () => ({
  ca: push.ca,
  policy: { allowLoopback: true, allowedHosts: [] },
});

beforeAll(async () => {
  push = await startPushServiceStandIn();
  identity = await startTestService({
    name: 'svc-identity',
    createApp,
    startWorkers: async (deps) => {
      workers = await startWorkers(deps);
      return workers;
    },
    deps: { sessionKeys: SESSION_KEYS, vapid, reminderTickMs: 0, clock, push: pushSettings() },
  });
});
afterAll(async () => {
  await identity?.stop();
  await push?.close();
});

interface Person {
  userId: string;
  browser: Client;
  device: FakeBrowserSubscription;
}

/** A signed-up user (Europe/Berlin) whose one browser subscribed to push. */
async function subscribedUser(): Promise<Person> {
  const browser = client(identity.url);
  const { body: user } = await browser.request('POST', '/api/auth/register', newUser());
  const device = push.subscribe();
  const subscribed = await browser.request('PUT', '/api/reminders/subscriptions', device.json);
  expect(subscribed).toMatchObject({ status: 200, body: { subscriptions: 1 } });
  return { userId: user.id, browser, device };
}

function questReminder(userId: string, itemId: string, dueAt: Date, title = 'Stretch') {
  const data: ReminderScheduledEventData = {
    userId,
    kind: 'quest',
    itemId,
    occurrence: dueAt.toISOString(),
    dueAt: dueAt.toISOString(),
    title,
  };
  return makeEvent('quests.reminder_scheduled', data, { now });
}

/**
 * The completion of `questId` at the fake clock's time (it cancels the quest's reminder). `fields`: more
 * of its data (`remindable`; without it the event is as svc-quests published them before that field).
 */
function questCompleted(
  userId: string,
  questId: string,
  localDate: string,
  fields: Partial<QuestXpEventData> = {},
) {
  return makeEvent(
    'quests.completed',
    {
      userId,
      questId,
      occurrenceId: null,
      seriesId: null,
      xpDelta: 10,
      difficulty: 'easy',
      category: null,
      growthPath: null,
      localDate,
      title: 'Stretch',
      completionType: 'completed',
      ...fields,
    },
    { now },
  );
}

async function publish<K extends EventType>(event: ReturnType<typeof makeEvent<K>>) {
  await identity.deps.bus.publish(event);
}

/** Waits until the reminder service has applied the events about this item. */
async function reminderState(userId: string, itemId: string) {
  const { Reminder } = reminderModels(identity.deps.db);
  return Reminder.find({ userId, itemId }).lean();
}

async function waitForStatus(userId: string, itemId: string, status: string) {
  return eventually(
    () => reminderState(userId, itemId),
    (rows) => rows.some((row) => row.status === status),
  );
}

const receivedBy = (person: Person) =>
  push.received.filter((message) => message.subscriptionId === person.device.id);

let counter = 0;
const itemId = () => `quest-${Date.now().toString(36)}-${(counter += 1)}`;

describe('a scheduled quest reminder', () => {
  it('when its time comes, then exactly one encrypted notification reaches the browser, even with two schedulers and a redelivered event', async () => {
    const person = await subscribedUser();
    const quest = itemId();
    const dueAt = new Date(now.getTime() + 30 * 60_000);
    const event = questReminder(person.userId, quest, dueAt, 'Morning run');
    await publish(event);
    await waitForStatus(person.userId, quest, 'pending');

    // Before its time: nothing.
    await workers.reminders.tick();
    expect(receivedBy(person)).toHaveLength(0);

    // At its time, two instances at once (each its own scheduler and web-push sender, one database).
    now = dueAt;
    const second = reminderScheduler({
      reminders: remindersRepository(reminderModels(identity.deps.db)),
      users: identityModels(identity.deps.db).User,
      sender: webPushSender(vapid, pushSettings()),
      clock,
      logger: createLogger('svc-identity-2'),
    });
    const [a, b] = await Promise.all([workers.reminders.tick(), second.tick()]);
    expect(a.sent + b.sent).toBe(1);
    expect(receivedBy(person)).toHaveLength(1);
    const [message] = receivedBy(person);
    expect(JSON.parse(message?.payload ?? '{}')).toEqual({
      title: 'Morning run',
      // 09:30 UTC is 10:30 in Berlin.
      body: 'Scheduled for 10:30',
      url: `/quests?focus=${quest}`,
      tag: `quest:${quest}`,
    });
    expect(message?.vapid).toMatchObject({
      sub: 'mailto:ops@levelup.test',
      publicKey: vapid.publicKey,
    });
    expect(message?.ttl).toBeGreaterThan(0);

    // The same event again (a redelivery), and a later tick: still one.
    await reminderEventHandler(remindersRepository(reminderModels(identity.deps.db)))(event);
    await publish(questReminder(person.userId, quest, dueAt, 'Morning run'));
    now = new Date(dueAt.getTime() + 60_000);
    await Promise.all([workers.reminders.tick(), second.tick()]);
    expect(receivedBy(person)).toHaveLength(1);

    const list = await person.browser.request('GET', '/api/reminders');
    expect(list.status).toBe(200);
    expect(list.body.recent).toEqual([
      expect.objectContaining({ itemId: quest, title: 'Morning run', status: 'sent' }),
    ]);
  });

  it('when it is rescheduled, then only the new time reminds', async () => {
    const person = await subscribedUser();
    const quest = itemId();
    const first = new Date(now.getTime() + 10 * 60_000);
    const later = new Date(now.getTime() + 40 * 60_000);
    await publish(questReminder(person.userId, quest, first));
    await waitForStatus(person.userId, quest, 'pending');
    now = new Date(now.getTime() + 1000);
    await publish(questReminder(person.userId, quest, later));
    await waitForStatus(person.userId, quest, 'cancelled');

    now = first;
    await workers.reminders.tick();
    expect(receivedBy(person)).toHaveLength(0);
    now = later;
    await workers.reminders.tick();
    expect(receivedBy(person)).toHaveLength(1);
  });

  it('when its time falls in quiet hours, then no notification is sent and the in-app list shows it', async () => {
    const person = await subscribedUser();
    const settings = await person.browser.request('PATCH', '/api/reminders/settings', {
      quietHours: { start: '21:00', end: '07:30' },
    });
    expect(settings.body.quietHours).toEqual({ start: '21:00', end: '07:30' });
    const quest = itemId();
    // 21:15 UTC is 22:15 in Berlin: quiet.
    const dueAt = new Date('2026-12-01T21:15:00.000Z');
    now = new Date('2026-12-01T20:00:00.000Z');
    await publish(questReminder(person.userId, quest, dueAt, 'Late reading'));
    await waitForStatus(person.userId, quest, 'pending');
    now = dueAt;
    await workers.reminders.tick();
    expect(receivedBy(person)).toHaveLength(0);
    const list = await person.browser.request('GET', '/api/reminders');
    expect(list.body.recent).toEqual([expect.objectContaining({ itemId: quest, status: 'quiet' })]);
  });

  it('when the quest is completed before its time, then it is cancelled and never sent', async () => {
    const person = await subscribedUser();
    const quest = itemId();
    now = new Date('2026-12-02T09:00:00.000Z');
    const dueAt = new Date(now.getTime() + 20 * 60_000);
    await publish(questReminder(person.userId, quest, dueAt));
    await waitForStatus(person.userId, quest, 'pending');
    now = new Date(now.getTime() + 60_000);
    await publish(questCompleted(person.userId, quest, '2026-12-02'));
    await waitForStatus(person.userId, quest, 'cancelled');
    now = dueAt;
    await workers.reminders.tick();
    expect(receivedBy(person)).toHaveLength(0);
    expect((await person.browser.request('GET', '/api/reminders')).body).toEqual({
      recent: [],
      upcoming: [],
    });
  });

  it('when the completion is undone before its time, then the reminder svc-quests schedules again comes back and is sent once', async () => {
    const person = await subscribedUser();
    const quest = itemId();
    now = new Date('2026-12-03T09:00:00.000Z');
    const dueAt = new Date(now.getTime() + 30 * 60_000);
    await publish(questReminder(person.userId, quest, dueAt));
    await waitForStatus(person.userId, quest, 'pending');
    now = new Date(now.getTime() + 60_000);
    await publish(questCompleted(person.userId, quest, '2026-12-03'));
    await waitForStatus(person.userId, quest, 'cancelled');
    // The undo: svc-quests publishes the same reminder again, later than the completion.
    now = new Date(now.getTime() + 60_000);
    await publish(questReminder(person.userId, quest, dueAt));
    await waitForStatus(person.userId, quest, 'pending');
    now = dueAt;
    await workers.reminders.tick();
    await workers.reminders.tick();
    expect(receivedBy(person)).toHaveLength(1);
    expect(await reminderState(person.userId, quest)).toHaveLength(1);
  });

  it('when the quest is deleted, then its cancel event stops the reminder, and a late copy of the old schedule does not bring it back', async () => {
    const person = await subscribedUser();
    const quest = itemId();
    now = new Date('2026-12-03T09:00:00.000Z');
    const dueAt = new Date(now.getTime() + 20 * 60_000);
    const scheduled = questReminder(person.userId, quest, dueAt);
    await publish(scheduled);
    await waitForStatus(person.userId, quest, 'pending');
    now = new Date(now.getTime() + 60_000);
    await publish(
      makeEvent(
        'quests.reminder_cancelled',
        { userId: person.userId, kind: 'quest', itemId: quest },
        { now },
      ),
    );
    await waitForStatus(person.userId, quest, 'cancelled');
    await reminderEventHandler(remindersRepository(reminderModels(identity.deps.db)))(scheduled);
    now = dueAt;
    await workers.reminders.tick();
    expect(receivedBy(person)).toHaveLength(0);
  });
});

describe('a completion of an item that cannot have a reminder', () => {
  it('when the completion says it is not remindable, then the reminders collection gets no command; one without the field (published before it existed) still cancels the pending reminder', async () => {
    // Only this test's handler uses the watched connection.
    const watched = await watchedConnection(identity.infra.mongoUrl, identity.deps.db.name);
    const commands = () =>
      watched.commands.filter((c) => c.collection === 'reminders').map((c) => c.name);
    try {
      const handle = reminderEventHandler(remindersRepository(reminderModels(watched.connection)));
      const person = await subscribedUser();
      const quest = itemId();
      now = new Date('2026-12-07T09:00:00.000Z');
      await publish(questReminder(person.userId, quest, new Date(now.getTime() + 30 * 60_000)));
      await waitForStatus(person.userId, quest, 'pending');
      now = new Date(now.getTime() + 60_000);

      await handle(questCompleted(person.userId, quest, '2026-12-07', { remindable: false }));
      expect(commands()).toEqual([]);
      expect((await reminderState(person.userId, quest)).map((r) => r.status)).toEqual(['pending']);

      await handle(questCompleted(person.userId, quest, '2026-12-07'));
      expect(commands()).toEqual(['update']);
      expect((await reminderState(person.userId, quest)).map((r) => r.status)).toEqual([
        'cancelled',
      ]);
    } finally {
      await watched.close();
    }
  });

  it('when a remindable completion and one that is not come through the consumer, then only the remindable one cancels', async () => {
    const person = await subscribedUser();
    const timed = itemId();
    const plain = itemId();
    now = new Date('2026-12-08T09:00:00.000Z');
    const dueAt = new Date(now.getTime() + 30 * 60_000);
    await publish(questReminder(person.userId, timed, dueAt));
    await publish(questReminder(person.userId, plain, dueAt));
    await waitForStatus(person.userId, plain, 'pending');
    now = new Date(now.getTime() + 60_000);
    // One user's events are applied in stream order: once the second is, the first is too.
    await publish(questCompleted(person.userId, plain, '2026-12-08', { remindable: false }));
    await publish(questCompleted(person.userId, timed, '2026-12-08', { remindable: true }));
    await waitForStatus(person.userId, timed, 'cancelled');
    expect((await reminderState(person.userId, plain)).map((r) => r.status)).toEqual(['pending']);
  });
});

describe('a recurring life task', () => {
  it('when it is checked off, then this due date’s reminder goes and the next one stays, even if the completion is redelivered', async () => {
    const person = await subscribedUser();
    const task = itemId();
    now = new Date('2026-12-10T07:00:00.000Z');
    const reminder = (day: string) =>
      makeEvent(
        'quests.reminder_scheduled',
        {
          userId: person.userId,
          kind: 'life_task',
          itemId: task,
          occurrence: day,
          dueAt: `${day}T08:00:00.000Z`,
          title: 'Change the sheets',
        },
        { now },
      );
    await publish(reminder('2026-12-10'));
    await waitForStatus(person.userId, task, 'pending');
    now = new Date('2026-12-10T07:30:00.000Z');
    const completed = makeEvent(
      'quests.life_task_completed',
      {
        userId: person.userId,
        lifeTaskId: task,
        title: 'Change the sheets',
        category: 'household',
        xpEarned: 2,
        localDate: '2026-12-10',
      },
      { now },
    );
    await publish(completed);
    await publish(reminder('2026-12-17'));
    await eventually(
      () => reminderState(person.userId, task),
      (rows) =>
        rows.length === 2 &&
        rows.some((row) => row.occurrence === '2026-12-10' && row.status === 'cancelled'),
    );
    await reminderEventHandler(remindersRepository(reminderModels(identity.deps.db)))(completed);
    const rows = await reminderState(person.userId, task);
    expect(rows.map((r) => [r.occurrence, r.status]).sort()).toEqual([
      ['2026-12-10', 'cancelled'],
      ['2026-12-17', 'pending'],
    ]);
  });
});

describe('push subscriptions and settings', () => {
  it('when the push service answers 410 Gone, then that subscription is removed', async () => {
    const person = await subscribedUser();
    const quest = itemId();
    now = new Date('2026-12-04T09:00:00.000Z');
    const dueAt = new Date(now.getTime() + 5 * 60_000);
    await publish(questReminder(person.userId, quest, dueAt));
    await waitForStatus(person.userId, quest, 'pending');
    push.expire(person.device.id);
    now = dueAt;
    await workers.reminders.tick();
    const { PushSubscription } = reminderModels(identity.deps.db);
    expect(await PushSubscription.countDocuments({ userId: person.userId })).toBe(0);
    // Still in the in-app list.
    const list = await person.browser.request('GET', '/api/reminders');
    expect(list.body.recent).toEqual([expect.objectContaining({ itemId: quest, status: 'sent' })]);
    // The user's data export carries the reminders, not the subscriptions (credentials).
    const exported = await person.browser.request('GET', '/api/user/export');
    expect(exported.body.reminders).toEqual([
      expect.objectContaining({ itemId: quest, status: 'sent' }),
    ]);
    expect(exported.body.reminders[0]).not.toHaveProperty('eventAt');
    expect(exported.body).not.toHaveProperty('pushSubscriptions');
  });

  it('when scheduled quests are switched off, then their reminders are neither sent nor listed; sessions still are', async () => {
    const person = await subscribedUser();
    const off = await person.browser.request('PATCH', '/api/reminders/settings', { quests: false });
    expect(off.body).toMatchObject({ quests: false, sessions: true });
    const quest = itemId();
    const session = itemId();
    now = new Date('2026-12-05T09:00:00.000Z');
    const dueAt = new Date(now.getTime() + 5 * 60_000);
    await publish(questReminder(person.userId, quest, dueAt));
    await publish(
      makeEvent(
        'community.reminder_scheduled',
        {
          userId: person.userId,
          kind: 'session',
          itemId: session,
          occurrence: dueAt.toISOString(),
          dueAt: dueAt.toISOString(),
          title: 'Deep work hour',
        },
        { now },
      ),
    );
    await waitForStatus(person.userId, quest, 'pending');
    await waitForStatus(person.userId, session, 'pending');
    now = dueAt;
    await workers.reminders.tick();
    const payloads = receivedBy(person).map((m) => JSON.parse(m.payload) as { title: string });
    expect(payloads.map((p) => p.title)).toEqual(['Deep work hour']);
    expect((await reminderState(person.userId, quest))[0]?.status).toBe('off');
    const list = await person.browser.request('GET', '/api/reminders');
    expect(list.body.recent.map((r: { itemId: string }) => r.itemId)).toEqual([session]);
  });

  it('when a daily plan is asked for at 08:00, then it comes once at 08:00 in the user’s zone', async () => {
    const person = await subscribedUser();
    await person.browser.request('PATCH', '/api/reminders/settings', {
      dailyPlan: true,
      dailyPlanHour: 8,
    });
    // 05:00 UTC = 06:00 Berlin: scheduled for 07:00 UTC, not sent yet.
    now = new Date('2026-12-06T05:00:00.000Z');
    await workers.reminders.tick();
    expect(receivedBy(person)).toHaveLength(0);
    now = new Date('2026-12-06T07:00:00.000Z');
    await workers.reminders.tick();
    now = new Date('2026-12-06T07:01:00.000Z');
    await workers.reminders.tick();
    expect(receivedBy(person).map((m) => JSON.parse(m.payload).title)).toEqual(['Plan your day']);
    // The next one waits for tomorrow.
    const list = await person.browser.request('GET', '/api/reminders');
    expect(list.body.upcoming).toEqual([
      expect.objectContaining({ kind: 'daily_plan', dueAt: '2026-12-07T07:00:00.000Z' }),
    ]);
    // A new hour replaces the plan waiting for the old one; today's plan came already, so the next is
    // tomorrow's, at the new hour.
    await person.browser.request('PATCH', '/api/reminders/settings', { dailyPlanHour: 9 });
    now = new Date('2026-12-06T08:00:00.000Z');
    await workers.reminders.tick();
    expect(receivedBy(person)).toHaveLength(1);
    const moved = await person.browser.request('GET', '/api/reminders');
    expect(moved.body.upcoming).toEqual([
      expect.objectContaining({ kind: 'daily_plan', dueAt: '2026-12-07T08:00:00.000Z' }),
    ]);
  });

  it('answers the VAPID public key, and refuses a subscription that is not one', async () => {
    const browser = client(identity.url);
    expect((await browser.request('GET', '/api/reminders/push-key')).status).toBe(401);
    await browser.request('POST', '/api/auth/register', newUser());
    const key = await browser.request('GET', '/api/reminders/push-key');
    expect(key.body).toEqual({ publicKey: vapid.publicKey });
    const bad = await browser.request('PUT', '/api/reminders/subscriptions', { endpoint: 'nope' });
    expect(bad.status).toBe(400);
    const badQuiet = await browser.request('PATCH', '/api/reminders/settings', {
      quietHours: { start: '25:00', end: '07:00' },
    });
    expect(badQuiet.status).toBe(400);
  });
});
