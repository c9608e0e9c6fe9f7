import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@levelup/contracts';
import { eventually } from '@levelup/service-kit/testing';
import {
  listenToQuestEvents,
  newQuest,
  startQuests,
  userInZone,
  type QuestsHarness,
} from './harness.ts';

let quests: QuestsHarness;
let listener: Awaited<ReturnType<typeof listenToQuestEvents>>;

beforeAll(async () => {
  quests = await startQuests();
  listener = await listenToQuestEvents(quests, 'reminder-test-listener');
});
afterAll(async () => {
  await listener.stop();
  await quests.stop();
});

const reminderEvents = (questId: string) =>
  listener.events.filter(
    (event) => event.type.startsWith('quests.reminder_') && event.data.itemId === questId,
  );

async function waitForReminders(questId: string, count: number): Promise<EventEnvelope[]> {
  return eventually(
    async () => reminderEvents(questId),
    (events) => events.length >= count,
  );
}

let counter = 0;
const userId = () => `reminder-user-${Date.now().toString(36)}-${(counter += 1)}`;

describe('quest reminders (svc-quests schedules, svc-identity delivers)', () => {
  it('when a quest is created with a scheduled time, then its reminder is scheduled for that time', async () => {
    const user = userId();
    const scheduledTime = '2026-12-01T09:30:00.000Z';
    const { body: quest } = await quests.as(user)(
      'POST',
      '/api/quests',
      newQuest({ title: 'Morning run', scheduledTime }),
    );
    const [event] = await waitForReminders(quest.id, 1);
    expect(event).toMatchObject({
      type: 'quests.reminder_scheduled',
      data: {
        userId: user,
        kind: 'quest',
        itemId: quest.id,
        occurrence: scheduledTime,
        dueAt: scheduledTime,
        title: 'Morning run',
      },
    });
  });

  it('when its time or its title changes, then the reminder is scheduled again; when the time is cleared or the quest deleted, then it is cancelled', async () => {
    const user = userId();
    const as = quests.as(user);
    const { body: quest } = await as(
      'POST',
      '/api/quests',
      newQuest({ title: 'Read', scheduledTime: '2026-12-01T18:00:00.000Z' }),
    );
    await waitForReminders(quest.id, 1);
    await as('PATCH', `/api/quests/${quest.id}`, { scheduledTime: '2026-12-01T19:00:00.000Z' });
    await waitForReminders(quest.id, 2);
    await as('PATCH', `/api/quests/${quest.id}`, { title: 'Read a chapter' });
    await waitForReminders(quest.id, 3);
    // An edit that leaves time and title alone publishes nothing.
    await as('PATCH', `/api/quests/${quest.id}`, { description: 'Any book' });
    await as('PATCH', `/api/quests/${quest.id}`, { scheduledTime: null });
    await waitForReminders(quest.id, 4);
    await as('PATCH', `/api/quests/${quest.id}`, { scheduledTime: '2026-12-02T19:00:00.000Z' });
    expect((await as('DELETE', `/api/quests/${quest.id}`)).status).toBe(204);
    const events = await waitForReminders(quest.id, 6);
    expect(events.map((e) => [e.type, e.data.occurrence, e.data.title])).toEqual([
      ['quests.reminder_scheduled', '2026-12-01T18:00:00.000Z', 'Read'],
      ['quests.reminder_scheduled', '2026-12-01T19:00:00.000Z', 'Read'],
      ['quests.reminder_scheduled', '2026-12-01T19:00:00.000Z', 'Read a chapter'],
      ['quests.reminder_cancelled', undefined, undefined],
      ['quests.reminder_scheduled', '2026-12-02T19:00:00.000Z', 'Read a chapter'],
      ['quests.reminder_cancelled', undefined, undefined],
    ]);
  });

  it('when a completion is undone before the quest’s time, then its reminder is scheduled again; after its time, it is not', async () => {
    const user = userId();
    const as = quests.as(user);
    const ahead = '2030-06-01T07:30:00.000Z';
    const { body: quest } = await as(
      'POST',
      '/api/quests',
      newQuest({ title: 'Stretch', scheduledTime: ahead }),
    );
    await waitForReminders(quest.id, 1);
    // Completing cancels the reminder at svc-identity; undoing it brings the reminder back.
    expect((await as('POST', `/api/quests/${quest.id}/toggle`)).body.isCompleted).toBe(true);
    expect((await as('POST', `/api/quests/${quest.id}/toggle`)).body.isCompleted).toBe(false);
    const events = await waitForReminders(quest.id, 2);
    expect(events.map((e) => [e.type, e.data.occurrence, e.data.dueAt])).toEqual([
      ['quests.reminder_scheduled', ahead, ahead],
      ['quests.reminder_scheduled', ahead, ahead],
    ]);

    const past = '2020-06-01T07:30:00.000Z';
    const { body: late } = await as(
      'POST',
      '/api/quests',
      newQuest({ title: 'Yesterday’s call', scheduledTime: past }),
    );
    await waitForReminders(late.id, 1);
    await as('POST', `/api/quests/${late.id}/toggle`);
    await as('POST', `/api/quests/${late.id}/toggle`);
    // Events arrive in the order they were published: once a later quest's reminder is here, any
    // reminder the late quest's toggles published would be too.
    const { body: marker } = await as('POST', '/api/quests', newQuest({ scheduledTime: ahead }));
    await waitForReminders(marker.id, 1);
    expect(reminderEvents(late.id)).toHaveLength(1);
  });

  it('when a quest has no scheduled time, then no reminder event is published for it', async () => {
    const user = userId();
    const as = quests.as(user);
    const { body: plain } = await as('POST', '/api/quests', newQuest());
    const { body: timed } = await as(
      'POST',
      '/api/quests',
      newQuest({ scheduledTime: '2026-12-01T08:00:00.000Z' }),
    );
    await as('DELETE', `/api/quests/${plain.id}`);
    // The timed quest's event came after the plain quest's create and delete.
    await waitForReminders(timed.id, 1);
    await as('DELETE', `/api/quests/${timed.id}`);
    await waitForReminders(timed.id, 2);
    expect(reminderEvents(plain.id)).toEqual([]);
  });
});

describe('completion events and reminders', () => {
  /** The XP events of a quest or an occurrence, once `count` of them arrived. */
  const xpEvents = (id: string, count: number) =>
    eventually(
      async () =>
        listener.events.filter(
          (event) =>
            ['quests.completed', 'quests.partial', 'quests.revoked'].includes(event.type) &&
            event.data.questId === id,
        ),
      (events) => events.length >= count,
    );

  it('when items are completed, then the event says whether the item can have a reminder: a quest with a scheduled time can; one without, one whose time was cleared and an occurrence cannot', async () => {
    const user = userId();
    const as = quests.as(user);
    const { body: timed } = await as(
      'POST',
      '/api/quests',
      newQuest({ scheduledTime: '2030-06-01T07:30:00.000Z' }),
    );
    const { body: plain } = await as('POST', '/api/quests', newQuest());
    const { body: cleared } = await as(
      'POST',
      '/api/quests',
      newQuest({ scheduledTime: '2030-06-01T08:30:00.000Z' }),
    );
    await as('PATCH', `/api/quests/${cleared.id}`, { scheduledTime: null });
    const { body: series } = await as(
      'POST',
      '/api/quests/recurring',
      newQuest({ recurrenceType: 'daily' }),
    );
    const occurrence = series.todaysOccurrence.id as string;

    await as('POST', `/api/quests/${timed.id}/toggle`);
    await as('POST', `/api/quests/${timed.id}/toggle`);
    await as('PATCH', `/api/quests/${plain.id}/progress`, { completionType: 'partial' });
    await as('POST', `/api/quests/${cleared.id}/complete`);
    await as('POST', `/api/quests/occurrences/${occurrence}/complete`);

    const of = async (id: string, count: number) =>
      (await xpEvents(id, count)).map((e) => [e.type, e.data.occurrenceId, e.data.remindable]);
    expect(await of(timed.id, 2)).toEqual([
      ['quests.completed', null, true],
      ['quests.revoked', null, true],
    ]);
    expect(await of(plain.id, 1)).toEqual([['quests.partial', null, false]]);
    expect(await of(cleared.id, 1)).toEqual([['quests.completed', null, false]]);
    expect(await of(occurrence, 1)).toEqual([['quests.completed', occurrence, false]]);
  });
});

describe('life task reminders', () => {
  const lifeReminders = (id: string) =>
    listener.events.filter(
      (event) => event.type.startsWith('quests.reminder_') && event.data.itemId === id,
    );
  const waitForLife = (id: string, count: number) =>
    eventually(
      async () => lifeReminders(id),
      (events) => events.length >= count,
    );

  it('when a task is due, then it is reminded at 09:00 on its due date in the user’s zone; a new date moves it and deleting cancels it', async () => {
    const user = userId();
    await userInZone(quests, user, 'Europe/Berlin');
    const as = quests.as(user);
    // The end of 2030-01-15 in Berlin.
    const { body: task } = await as('POST', '/api/life-tasks', {
      title: 'Water the plants',
      dueDate: '2030-01-15T22:59:59.999Z',
    });
    const [first] = await waitForLife(task.id, 1);
    expect(first).toMatchObject({
      type: 'quests.reminder_scheduled',
      data: {
        kind: 'life_task',
        occurrence: '2030-01-15',
        dueAt: '2030-01-15T08:00:00.000Z',
        title: 'Water the plants',
      },
    });
    await as('PATCH', `/api/life-tasks/${task.id}`, { dueDate: '2030-01-20T22:59:59.999Z' });
    await waitForLife(task.id, 2);
    expect((await as('DELETE', `/api/life-tasks/${task.id}`)).status).toBe(204);
    const events = await waitForLife(task.id, 3);
    expect(events.map((e) => [e.type, e.data.occurrence])).toEqual([
      ['quests.reminder_scheduled', '2030-01-15'],
      ['quests.reminder_scheduled', '2030-01-20'],
      ['quests.reminder_cancelled', undefined],
    ]);
  });

  it('when a recurring task is checked off, then the completion is followed by the reminder of its next due date', async () => {
    const user = userId();
    await userInZone(quests, user, 'UTC');
    const as = quests.as(user);
    const { body: task } = await as('POST', '/api/life-tasks', {
      title: 'Change the sheets',
      dueDate: new Date(Date.now() + 3_600_000).toISOString(),
      isRecurring: true,
      recurrenceType: 'weeks',
      recurrenceInterval: 1,
    });
    await waitForLife(task.id, 1);
    expect((await as('POST', `/api/life-tasks/${task.id}/complete`)).status).toBe(200);
    const [, next] = await waitForLife(task.id, 2);
    const completed = listener.events.find(
      (e) => e.type === 'quests.life_task_completed' && e.data.lifeTaskId === task.id,
    );
    expect(next?.type).toBe('quests.reminder_scheduled');
    const [first] = await waitForLife(task.id, 1);
    expect(String(next?.data.occurrence) > String(first?.data.occurrence)).toBe(true);
    // In the stream the completion (which cancels the old reminder) comes first.
    expect(listener.events.indexOf(completed!)).toBeLessThan(listener.events.indexOf(next!));
  });
});
