import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIFE_TASK_SNOOZE_REFUSED,
  WEEKLY_DAYS_REQUIRED_MESSAGE,
  lifeTaskSchema,
  seriesSchema,
  undoCompletionResponseSchema,
  type EventEnvelope,
} from '@levelup/contracts';
import { eventually } from '@levelup/service-kit/testing';
import {
  listenToQuestEvents,
  newQuest,
  startQuests,
  userInZone,
  type QuestsHarness,
} from './harness.ts';

// Everyday editing: edit and delete quests, series and life tasks, undo a completion, the Quest Log's
// cleared quests, snooze a life task. The XP rules these keep are in docs/xp-rules.md.

let quests: QuestsHarness;
let listener: Awaited<ReturnType<typeof listenToQuestEvents>>;
// Saturday 21 November 2026, 10:00 UTC (a UTC user's local day is 2026-11-21).
let now = new Date('2026-11-21T10:00:00.000Z');

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
  listener = await listenToQuestEvents(quests, 'everyday-editing-listener');
});
afterAll(async () => {
  await listener.stop();
  await quests.stop();
});

/** Every XP event published for this quest or occurrence, once each JetStream delivered them. */
async function xpEventsOf(id: string, expected: number): Promise<EventEnvelope[]> {
  const xpTypes = ['quests.completed', 'quests.partial', 'quests.revoked'];
  const pick = () =>
    listener.events.filter((e) => xpTypes.includes(e.type) && e.data.questId === id);
  await eventually(
    async () => pick(),
    (list) => list.length >= expected,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  return pick();
}
const sumXp = (events: EventEnvelope[]) =>
  events.reduce((sum, e) => sum + (e.data.xpDelta as number), 0);

describe('PATCH /api/quests/:id (edit)', () => {
  it('when a typo in the title is fixed, then every read shows the new title, and another user gets 404', async () => {
    const me = quests.as(randomUUID());
    const { body: quest } = await me('POST', '/api/quests', newQuest({ title: 'Wrtie journal' }));
    const { status, body } = await me('PATCH', `/api/quests/${quest.id}`, {
      title: 'Write journal',
      difficulty: 'hard',
      xpReward: 40,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ title: 'Write journal', difficulty: 'hard', xpReward: 40 });
    expect((await me('GET', '/api/quests')).body[0].title).toBe('Write journal');
    const other = await quests.as(randomUUID())('PATCH', `/api/quests/${quest.id}`, {
      title: 'Not yours',
    });
    expect(other.status).toBe(404);
    const bad = await me('PATCH', `/api/quests/${quest.id}`, { title: 'ab' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Quest title must be at least 3 characters');
    expect((await me('GET', '/api/quests')).body[0].title).toBe('Write journal');
  });

  it('when the XP of a completed quest is raised, then un-completing takes back what was earned, not the new price', async () => {
    const me = quests.as(randomUUID());
    const { body: quest } = await me('POST', '/api/quests', newQuest({ xpReward: 20 }));
    await me('POST', `/api/quests/${quest.id}/toggle`);
    await me('PATCH', `/api/quests/${quest.id}`, { xpReward: 50 });
    const { body: back } = await me('POST', `/api/quests/${quest.id}/toggle`);
    expect(back.xpDelta).toBe(-20);
    const { body: again } = await me('POST', `/api/quests/${quest.id}/toggle`);
    expect(again.xpDelta).toBe(50);
    expect(sumXp(await xpEventsOf(quest.id, 3))).toBe(50);
  });
});

describe('DELETE /api/quests/:id', () => {
  it('when a completed quest is deleted, then it leaves every list, its XP stays in the totals and calendar, and no revoke is published', async () => {
    const me = quests.as(randomUUID());
    const { body: quest } = await me('POST', '/api/quests', newQuest({ xpReward: 30 }));
    await me('POST', `/api/quests/${quest.id}/complete`);
    const { status } = await me('DELETE', `/api/quests/${quest.id}`);
    expect(status).toBe(204);
    expect((await me('GET', '/api/quests')).body).toEqual([]);
    expect((await me('GET', '/api/quests?includeCleared=true')).body).toEqual([]);
    expect((await me('GET', '/api/dashboard/overview')).body.totalXpEarned).toBe(30);
    const calendar = (await me('GET', '/api/dashboard/calendar?month=2026-11')).body;
    expect(calendar['2026-11-21']).toMatchObject({ questsCompleted: 1, totalXp: 30 });
    const events = await xpEventsOf(quest.id, 1);
    expect(events.map((e) => e.type)).toEqual(['quests.completed']);
    expect((await me('DELETE', `/api/quests/${quest.id}`)).status).toBe(404);
    expect((await me('POST', `/api/quests/${quest.id}/toggle`)).status).toBe(404);
    expect((await me('PATCH', `/api/quests/${quest.id}`, { title: 'Gone now' })).status).toBe(404);
  });

  it("when another user deletes my quest's id, then it is 404 and my quest stays", async () => {
    const me = quests.as(randomUUID());
    const { body: quest } = await me('POST', '/api/quests', newQuest());
    expect((await quests.as(randomUUID())('DELETE', `/api/quests/${quest.id}`)).status).toBe(404);
    expect((await me('GET', '/api/quests')).body).toHaveLength(1);
    expect((await me('DELETE', '/api/quests/not-an-id')).status).toBe(404);
  });

  it('when deletes, toggles and undos race on one quest, then the published XP equals what the quest kept', async () => {
    const me = quests.as(randomUUID());
    const { body: quest } = await me('POST', '/api/quests', newQuest({ xpReward: 25 }));
    const first = await me('POST', `/api/quests/${quest.id}/toggle`);
    const eventId = first.body.completionEventId as string;
    await Promise.all([
      me('POST', `/api/quests/completions/${eventId}/undo`),
      me('POST', `/api/quests/${quest.id}/toggle`),
      me('POST', `/api/quests/${quest.id}/toggle`),
      me('DELETE', `/api/quests/${quest.id}`),
      me('POST', `/api/quests/completions/${eventId}/undo`),
      me('POST', `/api/quests/${quest.id}/toggle`),
    ]);
    // Whatever order they landed in, the totals and the ledger's events agree to the point.
    const overview = (await me('GET', '/api/dashboard/overview')).body;
    const events = await xpEventsOf(quest.id, 1);
    expect(sumXp(events)).toBe(overview.totalXpEarned);
    expect([0, 25]).toContain(overview.totalXpEarned);
  });
});

describe('POST /api/quests/completions/:eventId/undo', () => {
  it('when a completion is undone twice, then XP is taken back once and the second undo moves nothing', async () => {
    const me = quests.as(randomUUID());
    const { body: quest } = await me('POST', '/api/quests', newQuest({ xpReward: 20 }));
    const { body: done } = await me('POST', `/api/quests/${quest.id}/toggle`);
    expect(done.completionEventId).toEqual(expect.any(String));
    const first = await me('POST', `/api/quests/completions/${done.completionEventId}/undo`);
    expect(first.status).toBe(200);
    expect(undoCompletionResponseSchema.parse(first.body)).toEqual({
      kind: 'quest',
      id: quest.id,
      title: quest.title,
      undone: true,
      xpDelta: -20,
    });
    const second = await me('POST', `/api/quests/completions/${done.completionEventId}/undo`);
    expect(second.body).toMatchObject({ undone: false, xpDelta: 0 });
    expect((await me('GET', '/api/quests')).body[0].isCompleted).toBe(false);
    const events = await xpEventsOf(quest.id, 2);
    expect(events.map((e) => e.type)).toEqual(['quests.completed', 'quests.revoked']);
  });

  it('when eight undos of one completion run in parallel, then exactly one revokes', async () => {
    const me = quests.as(randomUUID());
    const { body: quest } = await me('POST', '/api/quests', newQuest({ xpReward: 15 }));
    const { body: done } = await me('POST', `/api/quests/${quest.id}/complete`);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        me('POST', `/api/quests/completions/${done.completionEventId}/undo`),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.undone)).toHaveLength(1);
    expect(answers.reduce((sum, a) => sum + a.body.xpDelta, 0)).toBe(-15);
    expect(sumXp(await xpEventsOf(quest.id, 2))).toBe(0);
  });

  it('when the quest was completed again after the undo, then an old undo leaves the new completion alone', async () => {
    const me = quests.as(randomUUID());
    const { body: quest } = await me('POST', '/api/quests', newQuest());
    const { body: first } = await me('POST', `/api/quests/${quest.id}/toggle`);
    await me('POST', `/api/quests/completions/${first.completionEventId}/undo`);
    const { body: again } = await me('POST', `/api/quests/${quest.id}/toggle`);
    expect(again.completionEventId).not.toBe(first.completionEventId);
    const stale = await me('POST', `/api/quests/completions/${first.completionEventId}/undo`);
    expect(stale.body).toMatchObject({ undone: false, xpDelta: 0 });
    expect((await me('GET', '/api/quests')).body[0].isCompleted).toBe(true);
  });

  it("when another user or an unknown event is undone, then it is 404; a deleted quest's is 409", async () => {
    const me = quests.as(randomUUID());
    const { body: quest } = await me('POST', '/api/quests', newQuest());
    const { body: done } = await me('POST', `/api/quests/${quest.id}/toggle`);
    const other = await quests.as(randomUUID())(
      'POST',
      `/api/quests/completions/${done.completionEventId}/undo`,
    );
    expect(other.status).toBe(404);
    expect((await me('POST', `/api/quests/completions/${randomUUID()}/undo`)).status).toBe(404);
    await me('DELETE', `/api/quests/${quest.id}`);
    const gone = await me('POST', `/api/quests/completions/${done.completionEventId}/undo`);
    expect(gone.status).toBe(409);
    expect(gone.body.error.message).toBe('This quest was deleted; the XP it earned stays yours.');
  });

  it("when an occurrence's completion is undone, then the occurrence is open again and the XP revoked", async () => {
    const me = quests.as(randomUUID());
    const { body: series } = await me(
      'POST',
      '/api/quests/recurring',
      newQuest({ recurrenceType: 'daily', xpReward: 12 }),
    );
    const occurrenceId = series.todaysOccurrence.id;
    const { body: done } = await me('POST', `/api/quests/occurrences/${occurrenceId}/complete`);
    expect(done).toMatchObject({ awardedXp: 12, imported: false });
    const { body } = await me('POST', `/api/quests/completions/${done.completionEventId}/undo`);
    expect(body).toMatchObject({
      kind: 'occurrence',
      id: occurrenceId,
      undone: true,
      xpDelta: -12,
    });
    const [after] = (await me('GET', '/api/quests/recurring')).body;
    expect(after.todaysOccurrence.isCompleted).toBe(false);
  });
});

describe('POST /api/quests/completions/undoable', () => {
  it('when the XP history asks, then only standing completions of the asker are undoable', async () => {
    const me = quests.as(randomUUID());
    const undoable = async (eventIds: string[]) =>
      (await me('POST', '/api/quests/completions/undoable', { eventIds })).body.eventIds;
    const { body: a } = await me('POST', '/api/quests', newQuest());
    const { body: b } = await me('POST', '/api/quests', newQuest());
    const { body: c } = await me('POST', '/api/quests', newQuest());
    const { body: aFirst } = await me('POST', `/api/quests/${a.id}/toggle`);
    await me('POST', `/api/quests/completions/${aFirst.completionEventId}/undo`);
    const { body: aAgain } = await me('POST', `/api/quests/${a.id}/toggle`);
    const { body: bDone } = await me('POST', `/api/quests/${b.id}/toggle`);
    const { body: cDone } = await me('POST', `/api/quests/${c.id}/toggle`);
    await me('DELETE', `/api/quests/${c.id}`);
    const { body: series } = await me(
      'POST',
      '/api/quests/recurring',
      newQuest({ recurrenceType: 'daily' }),
    );
    const { body: occDone } = await me(
      'POST',
      `/api/quests/occurrences/${series.todaysOccurrence.id}/complete`,
    );
    const theirs = quests.as(randomUUID());
    const { body: t } = await theirs('POST', '/api/quests', newQuest());
    const { body: tDone } = await theirs('POST', `/api/quests/${t.id}/toggle`);

    const asked = [
      aFirst.completionEventId, // undone, then completed again: a new completion stands
      aAgain.completionEventId,
      bDone.completionEventId,
      cDone.completionEventId, // its quest was deleted: its XP stays
      occDone.completionEventId,
      tDone.completionEventId, // another user's
      randomUUID(),
    ];
    expect(await undoable(asked)).toEqual([
      aAgain.completionEventId,
      bDone.completionEventId,
      occDone.completionEventId,
    ]);
    expect(await undoable([])).toEqual([]);
  });

  it('when the request is not a list of ids, then it is 400 and names the field', async () => {
    const me = quests.as(randomUUID());
    const bad = await me('POST', '/api/quests/completions/undoable', { eventIds: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('eventIds must be a list');
    const tooMany = await me('POST', '/api/quests/completions/undoable', {
      eventIds: Array.from({ length: 501 }, () => randomUUID()),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe('eventIds holds at most 500 ids');
  });
});

describe('Clear Completed and GET /api/quests?includeCleared=true', () => {
  it('when done quests are cleared, then the dashboard list drops them and the Quest Log read keeps them', async () => {
    const me = quests.as(randomUUID());
    const { body: done } = await me('POST', '/api/quests', newQuest());
    const { body: open } = await me('POST', '/api/quests', newQuest());
    await me('POST', `/api/quests/${done.id}/complete`);
    expect((await me('POST', '/api/quests/clear-completed')).body.clearedCount).toBe(1);
    expect((await me('GET', '/api/quests')).body.map((q: { id: string }) => q.id)).toEqual([
      open.id,
    ]);
    const log = (await me('GET', '/api/quests?includeCleared=true')).body;
    expect(log.map((q: { id: string }) => q.id)).toEqual([done.id, open.id]);
    expect(log[0]).toMatchObject({ isCompleted: true });
    const bad = await me('GET', '/api/quests?includeCleared=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('includeCleared must be true or false');
  });
});

describe('PATCH and DELETE /api/quests/recurring/:id', () => {
  it("when a series is renamed, then today's open occurrence takes the name and yesterday's done one keeps its own", async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'UTC');
    const me = quests.as(userId);
    now = new Date('2026-11-20T10:00:00.000Z');
    const { body: series } = await me(
      'POST',
      '/api/quests/recurring',
      newQuest({ title: 'Meditaet', recurrenceType: 'daily' }),
    );
    await me('POST', `/api/quests/occurrences/${series.todaysOccurrence.id}/complete`);
    now = new Date('2026-11-21T10:00:00.000Z');
    await me('GET', '/api/quests/recurring');
    const { status, body } = await me('PATCH', `/api/quests/recurring/${series.id}`, {
      title: 'Meditate',
      xpReward: 30,
    });
    expect(status).toBe(200);
    expect(seriesSchema.parse(body)).toMatchObject({ title: 'Meditate', xpReward: 30 });
    const days = (
      await me('GET', '/api/quests/occurrences?startDate=2026-11-20&endDate=2026-11-21')
    ).body;
    expect(
      days.map((o: { scheduledFor: string; title: string; xpReward: number }) => [
        o.scheduledFor,
        o.title,
        o.xpReward,
      ]),
    ).toEqual([
      ['2026-11-20', 'Meditaet', 20],
      ['2026-11-21', 'Meditate', 30],
    ]);
    const event = await eventually(
      async () =>
        listener.events.find(
          (e) => e.type === 'quests.series_changed' && e.data.seriesId === series.id,
        ),
      (found) => found !== undefined,
    );
    expect(event?.data).toMatchObject({ title: 'Meditate', xpReward: 30 });
  });

  it('when a daily series becomes every 3 days, then from tomorrow it is scheduled every third day', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'UTC');
    const me = quests.as(userId);
    now = new Date('2026-11-21T10:00:00.000Z');
    const { body: series } = await me(
      'POST',
      '/api/quests/recurring',
      newQuest({ recurrenceType: 'daily' }),
    );
    // The planner read the next week under the old schedule.
    await me('GET', '/api/quests/occurrences?startDate=2026-11-21&endDate=2026-11-28');
    const { body } = await me('PATCH', `/api/quests/recurring/${series.id}`, {
      recurrenceInterval: 3,
    });
    expect(body).toMatchObject({ recurrenceType: 'daily', recurrenceInterval: 3 });
    expect(body.todaysOccurrence?.scheduledFor).toBe('2026-11-21');
    const days = (
      await me('GET', '/api/quests/occurrences?startDate=2026-11-21&endDate=2026-11-28')
    ).body.map((o: { scheduledFor: string }) => o.scheduledFor);
    expect(days).toEqual(['2026-11-21', '2026-11-22', '2026-11-25', '2026-11-28']);
  });

  it('when a series changes its schedule and is then deleted, then "quests created" keeps the days it had scheduled', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'UTC');
    const me = quests.as(userId);
    now = new Date('2026-11-18T10:00:00.000Z');
    const { body: series } = await me(
      'POST',
      '/api/quests/recurring',
      newQuest({ recurrenceType: 'daily' }),
    );
    now = new Date('2026-11-21T10:00:00.000Z');
    const created = async () =>
      (await me('GET', '/api/dashboard/overview')).body.totalQuestsCreated as number;
    expect(await created()).toBe(4); // 18 to 21 November
    await me('PATCH', `/api/quests/recurring/${series.id}`, {
      recurrenceType: 'weekly',
      weeklyPattern: [1],
    });
    expect(await created()).toBe(4);
    now = new Date('2026-11-30T10:00:00.000Z'); // Mondays 23 and 30 November since the edit
    expect(await created()).toBe(6);
    await me('DELETE', `/api/quests/recurring/${series.id}`);
    now = new Date('2026-12-14T10:00:00.000Z'); // two more Mondays, after the delete
    expect(await created()).toBe(6);
  });

  it('when a series that starts next month changes its schedule, then it still starts next month', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'UTC');
    const me = quests.as(userId);
    now = new Date('2026-11-21T10:00:00.000Z');
    const { body: series } = await me(
      'POST',
      '/api/quests/recurring',
      newQuest({ recurrenceType: 'daily', startDate: '2026-12-01T10:00:00.000Z' }),
    );
    const { body } = await me('PATCH', `/api/quests/recurring/${series.id}`, {
      recurrenceInterval: 2,
    });
    expect(body.startDate).toBe(series.startDate.slice(0, 10) + 'T00:00:00.000Z');
    const days = (
      await me('GET', '/api/quests/occurrences?startDate=2026-11-21&endDate=2026-12-05')
    ).body.map((o: { scheduledFor: string }) => o.scheduledFor);
    expect(days).toEqual(['2026-12-01', '2026-12-03', '2026-12-05']);
  });

  it('when a series edit asks for weekly without days, then it is 400 and nothing changes; another user gets 404', async () => {
    const me = quests.as(randomUUID());
    const { body: series } = await me(
      'POST',
      '/api/quests/recurring',
      newQuest({ recurrenceType: 'daily' }),
    );
    const bad = await me('PATCH', `/api/quests/recurring/${series.id}`, {
      recurrenceType: 'weekly',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(WEEKLY_DAYS_REQUIRED_MESSAGE);
    const empty = await me('PATCH', `/api/quests/recurring/${series.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Nothing to update');
    const other = await quests.as(randomUUID())('PATCH', `/api/quests/recurring/${series.id}`, {
      title: 'Mine now',
    });
    expect(other.status).toBe(404);
    expect((await me('GET', '/api/quests/recurring')).body[0]).toMatchObject({
      title: series.title,
      recurrenceType: 'daily',
    });
  });

  it("when a series is deleted, then it leaves the lists, today's open occurrence goes, done days stay with their XP, and series_deleted is published", async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'UTC');
    const me = quests.as(userId);
    now = new Date('2026-11-20T10:00:00.000Z');
    const { body: series } = await me(
      'POST',
      '/api/quests/recurring',
      newQuest({ recurrenceType: 'daily', xpReward: 20 }),
    );
    await me('POST', `/api/quests/occurrences/${series.todaysOccurrence.id}/complete`);
    now = new Date('2026-11-21T10:00:00.000Z');
    await me('GET', '/api/quests/recurring');
    expect(
      (await quests.as(randomUUID())('DELETE', `/api/quests/recurring/${series.id}`)).status,
    ).toBe(404);
    expect((await me('DELETE', `/api/quests/recurring/${series.id}`)).status).toBe(204);
    expect((await me('GET', '/api/quests/recurring')).body).toEqual([]);
    expect((await me('GET', '/api/quests/recurring-series')).body).toEqual([]);
    const days = (
      await me('GET', '/api/quests/occurrences?startDate=2026-11-19&endDate=2026-11-25')
    ).body.map((o: { scheduledFor: string; isCompleted: boolean }) => [
      o.scheduledFor,
      o.isCompleted,
    ]);
    expect(days).toEqual([['2026-11-20', true]]);
    const calendar = (await me('GET', '/api/dashboard/calendar?month=2026-11')).body;
    expect(calendar['2026-11-20']).toMatchObject({ questsCompleted: 1, totalXp: 20 });
    expect((await me('GET', '/api/dashboard/overview')).body.totalXpEarned).toBe(20);
    const event = await eventually(
      async () =>
        listener.events.find(
          (e) => e.type === 'quests.series_deleted' && e.data.seriesId === series.id,
        ),
      (found) => found !== undefined,
    );
    expect(event?.data).toMatchObject({ userId, isActive: false });
    expect((await me('DELETE', `/api/quests/recurring/${series.id}`)).status).toBe(404);
    expect((await me('POST', `/api/quests/recurring/${series.id}/pause`)).status).toBe(404);
  });
});

describe('PATCH /api/life-tasks/:id and POST /api/life-tasks/:id/snooze', () => {
  it('when a life task is edited and snoozed, then it shows the new fields and is due at the end of tomorrow', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'Europe/Berlin');
    const me = quests.as(userId);
    now = new Date('2026-11-21T10:00:00.000Z');
    const { body: task } = await me('POST', '/api/life-tasks', {
      title: 'Cal the bank',
      dueDate: '2026-11-21T12:00:00.000Z',
    });
    const edited = await me('PATCH', `/api/life-tasks/${task.id}`, {
      title: 'Call the bank',
      maintenanceXp: 5,
      notes: '',
    });
    expect(edited.status).toBe(200);
    expect(lifeTaskSchema.parse(edited.body)).toMatchObject({
      title: 'Call the bank',
      maintenanceXp: 5,
      notes: null,
    });
    const snoozed = await me('POST', `/api/life-tasks/${task.id}/snooze`);
    expect(snoozed.status).toBe(200);
    // The end of Sunday 22 November in Berlin (UTC+1).
    expect(snoozed.body.dueDate).toBe('2026-11-22T22:59:59.999Z');
    const bad = await me('PATCH', `/api/life-tasks/${task.id}`, { title: 'ab' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Task title must be at least 3 characters');
    expect(
      (await quests.as(randomUUID())('POST', `/api/life-tasks/${task.id}/snooze`)).status,
    ).toBe(404);
    expect(
      (await quests.as(randomUUID())('PATCH', `/api/life-tasks/${task.id}`, { title: 'Mine' }))
        .status,
    ).toBe(404);
    await me('POST', `/api/life-tasks/${task.id}/complete`);
    const done = await me('POST', `/api/life-tasks/${task.id}/snooze`);
    expect(done.status).toBe(409);
    expect(done.body.error.message).toBe('A completed life task cannot be snoozed');
  });

  it.each([
    ['due in three days', '2026-11-24T22:59:59.999Z'],
    ['due tomorrow', '2026-11-22T22:59:59.999Z'],
    ['without a due date', null],
  ])(
    'when a life task %s is snoozed, then it is a 409 and its due date stays (snooze never moves a date earlier)',
    async (_label, dueDate) => {
      const userId = randomUUID();
      await userInZone(quests, userId, 'Europe/Berlin');
      const me = quests.as(userId);
      now = new Date('2026-11-21T10:00:00.000Z');
      const { body: task } = await me('POST', '/api/life-tasks', { title: 'Call mum', dueDate });
      const snoozed = await me('POST', `/api/life-tasks/${task.id}/snooze`);
      expect(snoozed.status).toBe(409);
      expect(snoozed.body.error.message).toBe(LIFE_TASK_SNOOZE_REFUSED);
      expect((await me('GET', '/api/life-tasks')).body).toEqual([task]);
    },
  );

  it('when an overdue life task is snoozed, then it is due at the end of tomorrow, and a past due date can be set', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'Europe/Berlin');
    const me = quests.as(userId);
    now = new Date('2026-11-21T10:00:00.000Z');
    const created = await me('POST', '/api/life-tasks', {
      title: 'Return the parcel',
      dueDate: '2026-11-18T22:59:59.999Z',
    });
    expect(created.status).toBe(201);
    expect(created.body.dueDate).toBe('2026-11-18T22:59:59.999Z');
    const snoozed = await me('POST', `/api/life-tasks/${created.body.id}/snooze`);
    expect(snoozed.body.dueDate).toBe('2026-11-22T22:59:59.999Z');
  });
});
