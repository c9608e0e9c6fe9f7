import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifeTaskCompleteResponseSchema, lifeTaskSchema, makeEvent } from '@levelup/contracts';
import { outboxEntry } from '@levelup/service-kit';
import { eventually } from '@levelup/service-kit/testing';
import { lifeTaskModels } from '../src/life-tasks/models.ts';
import { listenToQuestEvents, startQuests, userInZone, type QuestsHarness } from './harness.ts';

let quests: QuestsHarness;
let listener: Awaited<ReturnType<typeof listenToQuestEvents>>;
// Saturday 2026-11-21 10:00 UTC: Friday 23:00 in Pago Pago (UTC-11), Sunday 00:00 in Kiritimati (UTC+14).
let now = new Date('2026-11-21T10:00:00.000Z');

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
  listener = await listenToQuestEvents(quests, 'life-tasks-listener');
});
afterAll(async () => {
  await listener.stop();
  await quests.stop();
});

const eventsFor = (lifeTaskId: string) =>
  listener.events.filter((event) => event.data.lifeTaskId === lifeTaskId);

async function settledEvents(lifeTaskId: string, count: number) {
  await eventually(
    async () => eventsFor(lifeTaskId),
    (list) => list.length >= count,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  return eventsFor(lifeTaskId);
}

const completionRows = (lifeTaskId: string) =>
  lifeTaskModels(quests.deps.db)
    .LifeTaskCompletion.find({ lifeTaskId })
    .sort({ completedAt: 1 })
    .lean();

describe('POST /api/life-tasks', () => {
  it('when only a title is sent, then the defaults are answered', async () => {
    const { status, body } = await quests.as(randomUUID())('POST', '/api/life-tasks', {
      title: 'Renew passport',
      dueDate: '',
    });
    expect(status).toBe(201);
    expect(lifeTaskSchema.parse(body)).toMatchObject({
      title: 'Renew passport',
      notes: null,
      category: 'personal',
      priority: 'medium',
      maintenanceXp: 2,
      color: 'amber',
      isRecurring: false,
      recurrenceInterval: 1,
      recurrenceType: 'weeks',
      isCompleted: false,
      dueDate: null,
      isActive: true,
    });
  });

  it.each([
    [{ title: 'ab' }, 'Task title must be at least 3 characters'],
    [{}, 'Task title must be at least 3 characters'],
    [{ title: 'Water plants', priority: 'extreme' }, undefined],
    [{ title: 'Water plants', recurrenceType: 'fortnights' }, undefined],
    [{ title: 'Water plants', recurrenceInterval: 0 }, undefined],
    [{ title: 'Water plants', dueDate: 'next week' }, 'Please enter a valid date'],
  ])('when the body is %o, then it is a 400 and nothing is created', async (bad, message) => {
    const me = quests.as(randomUUID());
    const { status, body } = await me('POST', '/api/life-tasks', bad);
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    if (message) expect(body.error.message).toBe(message);
    expect((await me('GET', '/api/life-tasks?includeCompleted=true')).body).toEqual([]);
  });
});

describe('completing a life task (POST and PATCH /api/life-tasks/{id}/complete)', () => {
  it.each([['POST'], ['PATCH']])(
    'when a one-time task is completed by %s, then it earns its maintenance XP once and keeps a completion row',
    async (method) => {
      const userId = randomUUID();
      const me = quests.as(userId);
      const { body: task } = await me('POST', '/api/life-tasks', {
        title: 'File taxes',
        maintenanceXp: 7,
        category: 'bills',
      });
      const first = await me(method, `/api/life-tasks/${task.id}/complete`);
      expect(first.status).toBe(200);
      expect(lifeTaskCompleteResponseSchema.parse(first.body)).toMatchObject({
        isCompleted: true,
        xpEarned: 7,
      });
      const second = await me(method, `/api/life-tasks/${task.id}/complete`);
      expect(second.body).toMatchObject({ isCompleted: true, xpEarned: 0 });
      const events = await settledEvents(task.id, 1);
      expect(events.map((e) => [e.type, e.data.xpEarned, e.data.userId, e.data.category])).toEqual([
        ['quests.life_task_completed', 7, userId, 'bills'],
      ]);
      const rows = await completionRows(task.id);
      expect(rows.map((r) => [r._id, r.xpEarned, r.taskTitle])).toEqual([
        [events[0]?.id, 7, 'File taxes'],
      ]);
    },
  );

  it('when ten completions race, then exactly one earns', async () => {
    const me = quests.as(randomUUID());
    const { body: task } = await me('POST', '/api/life-tasks', { title: 'Clean gutters' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => me('POST', `/api/life-tasks/${task.id}/complete`)),
    );
    expect(results.map((r) => r.body.xpEarned).sort((a, b) => b - a)).toEqual([
      2,
      ...Array(9).fill(0),
    ]);
    expect(await settledEvents(task.id, 1)).toHaveLength(1);
  });

  it('when a weekly task is completed by a user in UTC-11, then it stays open and is due at the end of their day a week later', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'Pacific/Pago_Pago');
    const me = quests.as(userId);
    now = new Date('2026-11-21T10:00:00.000Z'); // Friday 2026-11-20, 23:00 there
    const { body: task } = await me('POST', '/api/life-tasks', {
      title: 'Water plants',
      isRecurring: true,
      maintenanceXp: 3,
    });
    const first = await me('POST', `/api/life-tasks/${task.id}/complete`);
    expect(first.body).toMatchObject({
      isCompleted: false,
      xpEarned: 3,
      dueDate: '2026-11-28T10:59:59.999Z',
      nextDueDate: '2026-11-28T10:59:59.999Z',
    });
    // A second click the same local day is not a second round of upkeep.
    now = new Date('2026-11-21T10:59:00.000Z');
    expect((await me('POST', `/api/life-tasks/${task.id}/complete`)).body.xpEarned).toBe(0);
    // One minute later it is Saturday there: the task can be done again.
    now = new Date('2026-11-21T11:00:00.000Z');
    const next = await me('PATCH', `/api/life-tasks/${task.id}/complete`);
    expect(next.body).toMatchObject({ xpEarned: 3, dueDate: '2026-11-29T10:59:59.999Z' });
    expect((await settledEvents(task.id, 2)).map((e) => e.data.localDate)).toEqual([
      '2026-11-20',
      '2026-11-21',
    ]);
    expect((await completionRows(task.id)).map((r) => r.localDate)).toEqual([
      '2026-11-20',
      '2026-11-21',
    ]);
    // A recurring task never leaves the open list.
    expect((await me('GET', '/api/life-tasks')).body.map((t: { id: string }) => t.id)).toEqual([
      task.id,
    ]);
  });

  it.each([
    ['days', 3, '2026-03-27T10:00:00.000Z', '2026-03-30T21:59:59.999Z'],
    ['months', 1, '2026-01-31T12:00:00.000Z', '2026-02-28T22:59:59.999Z'],
    ['years', 1, '2026-03-29T12:00:00.000Z', '2027-03-29T21:59:59.999Z'],
  ])(
    'when a task recurring every %s (%i) is completed in Berlin at %s, then it is due at the end of that local day %s',
    async (recurrenceType, recurrenceInterval, at, due) => {
      const userId = randomUUID();
      await userInZone(quests, userId, 'Europe/Berlin');
      const me = quests.as(userId);
      const { body: task } = await me('POST', '/api/life-tasks', {
        title: 'Service the boiler',
        isRecurring: true,
        recurrenceType,
        recurrenceInterval,
      });
      now = new Date(at);
      const { body } = await me('POST', `/api/life-tasks/${task.id}/complete`);
      expect(body).toMatchObject({ xpEarned: 2, dueDate: due, isCompleted: false });
    },
  );
});

describe('the completion row when the process dies after the update', () => {
  it('when a completed task still holds its event in the outbox, then the poller publishes it and the row and calendar follow', async () => {
    const userId = randomUUID();
    const { LifeTask } = lifeTaskModels(quests.deps.db);
    const task = new LifeTask({ userId, title: 'Clean the filter', isCompleted: true });
    const event = makeEvent('quests.life_task_completed', {
      userId,
      lifeTaskId: task._id.toString(),
      title: 'Clean the filter',
      category: 'personal',
      xpEarned: 2,
      localDate: '2026-11-21',
    });
    // As left by a crash: state and event written in one update, nothing after it.
    task.outbox = [outboxEntry(event, new Date(Date.now() - 60_000))];
    await task.save();
    const rows = await eventually(
      () => completionRows(task._id.toString()),
      (list) => list.length === 1,
      15_000,
    );
    expect(rows.map((r) => [r._id, r.localDate, r.xpEarned])).toEqual([
      [event.id, '2026-11-21', 2],
    ]);
    const { body } = await quests.as(userId)('GET', '/api/dashboard/calendar?month=2026-11');
    expect(body['2026-11-21']).toMatchObject({ lifeTasksCompleted: 1, maintenanceXp: 2 });
  });
});

describe('GET /api/life-tasks', () => {
  it('when tasks are done, then they are listed only with includeCompleted=true', async () => {
    const me = quests.as(randomUUID());
    const { body: open } = await me('POST', '/api/life-tasks', { title: 'Book dentist' });
    const { body: done } = await me('POST', '/api/life-tasks', { title: 'Pay rent' });
    await me('POST', `/api/life-tasks/${done.id}/complete`);
    const ids = (path: string) =>
      me('GET', path).then((r) => r.body.map((t: { id: string }) => t.id));
    expect(await ids('/api/life-tasks')).toEqual([open.id]);
    expect(await ids('/api/life-tasks?includeCompleted=false')).toEqual([open.id]);
    expect(await ids('/api/life-tasks?includeCompleted=true')).toEqual([open.id, done.id]);
  });

  it('when includeCompleted is not true or false, then it is a 400', async () => {
    const { status } = await quests.as(randomUUID())('GET', '/api/life-tasks?includeCompleted=yes');
    expect(status).toBe(400);
  });
});

describe('DELETE /api/life-tasks/{id}', () => {
  it('when a task is deleted, then it leaves every list, cannot be completed, and its completions stay', async () => {
    const me = quests.as(randomUUID());
    const { body: task } = await me('POST', '/api/life-tasks', {
      title: 'Mow lawn',
      isRecurring: true,
    });
    await me('POST', `/api/life-tasks/${task.id}/complete`);
    expect((await me('DELETE', `/api/life-tasks/${task.id}`)).status).toBe(204);
    expect((await me('GET', '/api/life-tasks?includeCompleted=true')).body).toEqual([]);
    expect((await me('POST', `/api/life-tasks/${task.id}/complete`)).status).toBe(404);
    expect((await me('DELETE', `/api/life-tasks/${task.id}`)).status).toBe(404);
    expect(await completionRows(task.id)).toHaveLength(1);
  });
});

describe('Undo of a life task check-off (POST /api/quests/completions/{eventId}/undo)', () => {
  it('when a weekly task is checked off and undone, then it is due on its old date again, the reversing event names the check-off, the row counts for nothing and Undo is offered no more', async () => {
    now = new Date('2026-11-21T10:00:00.000Z');
    const userId = randomUUID();
    const me = quests.as(userId);
    const { body: task } = await me('POST', '/api/life-tasks', {
      title: 'Water plants',
      isRecurring: true,
      maintenanceXp: 4,
      dueDate: '2026-11-21T20:00:00.000Z',
    });
    const { body: done } = await me('POST', `/api/life-tasks/${task.id}/complete`);
    expect(done.dueDate).not.toBe(task.dueDate);
    expect(done.completionEventId).toEqual(expect.any(String));
    const undoable = (ids: string[]) =>
      me('POST', '/api/quests/completions/undoable', { eventIds: ids });
    expect((await undoable([done.completionEventId])).body.eventIds).toEqual([
      done.completionEventId,
    ]);

    const undo = await me('POST', `/api/quests/completions/${done.completionEventId}/undo`);
    expect(undo.body).toEqual({
      kind: 'life_task',
      id: task.id,
      title: 'Water plants',
      undone: true,
      xpDelta: -4,
    });
    const [after] = (await me('GET', '/api/life-tasks?includeCompleted=true')).body;
    expect(lifeTaskSchema.parse(after)).toEqual({ ...task, completionEventId: null });
    const events = (await settledEvents(task.id, 2)).filter((e) =>
      e.type.startsWith('quests.life_task_'),
    );
    expect(events.map((e) => [e.type, e.data.xpEarned ?? e.data.xpDelta])).toEqual([
      ['quests.life_task_completed', 4],
      ['quests.life_task_uncompleted', -4],
    ]);
    expect(events[1]?.data).toMatchObject({
      completionEventId: done.completionEventId,
      completedOn: '2026-11-21',
    });
    const [row] = await completionRows(task.id);
    expect(row?.undoneAt).toBeInstanceOf(Date);
    expect((await undoable([done.completionEventId])).body.eventIds).toEqual([]);
    // Undone, it can be checked off again today and earns again.
    expect((await me('POST', `/api/life-tasks/${task.id}/complete`)).body.xpEarned).toBe(4);
  });

  it("when a deleted task's check-off is undone, then it is a 409 and its XP stays; a stranger's Undo is a 404", async () => {
    const me = quests.as(randomUUID());
    const { body: task } = await me('POST', '/api/life-tasks', { title: 'Return the books' });
    const { body: done } = await me('POST', `/api/life-tasks/${task.id}/complete`);
    const path = `/api/quests/completions/${done.completionEventId}/undo`;
    expect((await quests.as(randomUUID())('POST', path)).status).toBe(404);
    expect((await me('DELETE', `/api/life-tasks/${task.id}`)).status).toBe(204);
    const refused = await me('POST', path);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'This life task was deleted; the XP it earned stays yours.',
    );
    const events = await settledEvents(task.id, 1);
    expect(events.filter((e) => e.type === 'quests.life_task_uncompleted')).toEqual([]);
  });
});

describe("another user's life task", () => {
  it.each([
    ['POST', '/complete'],
    ['PATCH', '/complete'],
    ['DELETE', ''],
  ])(
    'when a stranger calls %s /api/life-tasks/{id}%s, then it is a 404 and the task is unchanged',
    async (method, suffix) => {
      const owner = quests.as(randomUUID());
      const { body: task } = await owner('POST', '/api/life-tasks', { title: 'Renew insurance' });
      const result = await quests.as(randomUUID())(method, `/api/life-tasks/${task.id}${suffix}`);
      expect(result.status).toBe(404);
      expect((await owner('GET', '/api/life-tasks')).body).toEqual([task]);
      expect(eventsFor(task.id)).toEqual([]);
    },
  );

  it.each([['nope'], ['0'.repeat(24)]])(
    'when the id is %s, then every verb is a 404',
    async (id) => {
      const me = quests.as(randomUUID());
      for (const method of ['POST', 'PATCH'])
        expect((await me(method, `/api/life-tasks/${id}/complete`)).status).toBe(404);
      expect((await me('DELETE', `/api/life-tasks/${id}`)).status).toBe(404);
    },
  );
});
