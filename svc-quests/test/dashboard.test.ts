import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calendarMonthSummary,
  calendarResponseSchema,
  dashboardOverviewSchema,
  makeEvent,
  type GoalEventData,
  type GoalEventType,
} from '@levelup/contracts';
import { eventually } from '@levelup/service-kit/testing';
import { newQuest, startQuests, userInZone, type QuestsHarness } from './harness.ts';

let quests: QuestsHarness;
let now = new Date('2026-11-21T10:30:00.000Z');

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
});
afterAll(async () => {
  await quests.stop();
});

async function publishGoal(
  type: GoalEventType,
  data: Partial<GoalEventData> & Pick<GoalEventData, 'userId' | 'goalId'>,
  occurredAt: Date,
) {
  await quests.deps.bus.publish(
    makeEvent(
      type,
      {
        title: 'Run a 5k',
        theme: 'health',
        status: 'active',
        currentXp: 0,
        targetXp: 300,
        completedAt: null,
        ...data,
      },
      { now: occurredAt },
    ),
  );
}

describe('GET /api/dashboard/overview, exact across quests, occurrences, life tasks and goals', () => {
  it('when a user in UTC+14 completes one of each kind, then XP, counts and streak add them all up', async () => {
    now = new Date('2026-11-21T10:30:00.000Z'); // Sunday 2026-11-22 00:30 in Kiritimati
    const userId = randomUUID();
    await userInZone(quests, userId, 'Pacific/Kiritimati');
    const me = quests.as(userId);
    const { body: quest } = await me('POST', '/api/quests', newQuest());
    const { body: series } = await me('POST', '/api/quests/recurring', {
      ...newQuest({ xpReward: 25 }),
      recurrenceType: 'daily',
    });
    const { body: task } = await me('POST', '/api/life-tasks', { title: 'Water the plants' });
    await me('POST', `/api/quests/${quest.id}/complete`);
    await me('PATCH', `/api/quests/occurrences/${series.todaysOccurrence.id}/progress`, {
      completionType: 'partial',
    });
    await me('POST', `/api/life-tasks/${task.id}/complete`);
    const { status, body } = await me('GET', '/api/dashboard/overview');
    expect(status).toBe(200);
    expect(dashboardOverviewSchema.parse(body)).toEqual({
      totalXpEarned: 20 + 12 + 2,
      totalQuestsCompleted: 2,
      totalQuestsCreated: 2,
      questsCompletedThisWeek: 2,
      currentStreak: 1,
      longestStreak: 1,
      activeGoalsCount: 0,
      completedGoalsCount: 0,
    });
  });

  it('when a user in UTC-11 completes occurrences on three local days, then the streak follows their days, not UTC', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'Pacific/Pago_Pago');
    const me = quests.as(userId);
    now = new Date('2026-11-18T10:59:00.000Z'); // Tuesday 17th, 23:59 there
    await me('POST', '/api/quests/recurring', { ...newQuest(), recurrenceType: 'daily' });
    const days = [
      '2026-11-18T10:59:00.000Z', // 17th 23:59
      '2026-11-18T11:00:00.000Z', // 18th 00:00, one minute later
      '2026-11-20T10:00:00.000Z', // 19th 23:00
    ];
    for (const at of days) {
      now = new Date(at);
      const [series] = (await me('GET', '/api/quests/recurring')).body;
      await me('POST', `/api/quests/occurrences/${series.todaysOccurrence.id}/complete`);
    }
    now = new Date('2026-11-21T05:00:00.000Z'); // 20th 18:00 there: today not done yet
    const { body } = await me('GET', '/api/dashboard/overview');
    expect(body).toMatchObject({
      currentStreak: 3,
      longestStreak: 3,
      totalQuestsCompleted: 3,
      totalXpEarned: 60,
      // 17th..20th scheduled (four occurrences materialised up to today)
      totalQuestsCreated: 4,
    });
  });

  it('when goal events arrive, out of order too, then active and completed counts follow the newest state', async () => {
    const userId = randomUUID();
    const me = quests.as(userId);
    const a = randomUUID();
    const b = randomUUID();
    const c = randomUUID();
    await publishGoal('goals.created', { userId, goalId: a }, new Date('2026-11-01T00:00:00Z'));
    await publishGoal('goals.created', { userId, goalId: b }, new Date('2026-11-01T00:00:00Z'));
    await publishGoal('goals.created', { userId, goalId: c }, new Date('2026-11-01T00:00:00Z'));
    await publishGoal(
      'goals.completed',
      { userId, goalId: a, status: 'completed', completedAt: '2026-11-20T12:00:00.000Z' },
      new Date('2026-11-20T12:00:00Z'),
    );
    // A late, older "changed" for a: it must not reopen the completed goal.
    await publishGoal('goals.changed', { userId, goalId: a }, new Date('2026-11-10T00:00:00Z'));
    await publishGoal(
      'goals.changed',
      { userId, goalId: c, status: 'paused' },
      new Date('2026-11-12T00:00:00Z'),
    );
    const body = await eventually(
      async () => (await me('GET', '/api/dashboard/overview')).body,
      (overview) => overview.completedGoalsCount === 1 && overview.activeGoalsCount === 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await me('GET', '/api/dashboard/overview')).body).toEqual(body);
    expect(body).toMatchObject({ activeGoalsCount: 1, completedGoalsCount: 1 });
  });
});

describe('GET /api/dashboard/calendar', () => {
  it("when a user in UTC+14 completes things, then the month's days are keyed by their local dates", async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'Pacific/Kiritimati');
    const me = quests.as(userId);
    const { body: quest } = await me('POST', '/api/quests', newQuest({ xpReward: 30 }));
    const { body: other } = await me('POST', '/api/quests', newQuest({ xpReward: 31 }));
    const { body: task } = await me('POST', '/api/life-tasks', {
      title: 'Descale kettle',
      maintenanceXp: 4,
    });
    now = new Date('2026-11-21T10:30:00.000Z'); // Sunday 22nd there, Saturday 21st in UTC
    await me('POST', `/api/quests/${quest.id}/complete`);
    await me('PATCH', `/api/quests/${other.id}/progress`, { completionType: 'partial' });
    await me('POST', `/api/life-tasks/${task.id}/complete`);
    now = new Date('2026-11-30T10:30:00.000Z'); // 1 December there
    const { body: late } = await me('POST', '/api/quests', newQuest());
    await me('POST', `/api/quests/${late.id}/complete`);
    const goalId = randomUUID();
    await publishGoal(
      'goals.completed',
      {
        userId,
        goalId,
        title: 'Read 12 books',
        status: 'completed',
        completedAt: '2026-11-21T10:00:00.000Z',
      },
      new Date('2026-11-21T10:00:00Z'),
    );
    const body = await eventually(
      async () => (await me('GET', '/api/dashboard/calendar?month=2026-11')).body,
      (days) => (days['2026-11-22']?.goalsCompleted?.length ?? 0) > 0,
    );
    expect(calendarResponseSchema.parse(body)).toEqual({
      '2026-11-22': {
        questsCompleted: 2,
        goalsCompleted: [{ id: goalId, title: 'Read 12 books' }],
        lifeTasksCompleted: 1,
        totalXp: 30 + 15,
        maintenanceXp: 4,
      },
    });
    expect(Object.keys((await me('GET', '/api/dashboard/calendar?month=2026-12')).body)).toEqual([
      '2026-12-01',
    ]);
  });

  it('when a completion earned a co-focus bonus, then its day counts the bonus until the completion is undone, once however often the events come', async () => {
    now = new Date('2026-11-21T10:30:00.000Z');
    const userId = randomUUID();
    await userInZone(quests, userId, 'UTC');
    const me = quests.as(userId);
    const { body: kept } = await me('POST', '/api/quests', newQuest({ xpReward: 20 }));
    const { body: undone } = await me('POST', '/api/quests', newQuest({ xpReward: 30 }));
    await me('POST', `/api/quests/${kept.id}/complete`);
    await me('POST', `/api/quests/${undone.id}/complete`);
    const bonus = (questId: string, xpDelta: number, localDate: string) => ({
      userId,
      sessionId: 'session-1',
      questId,
      completionEventId: `completion-of-${questId}`,
      xpDelta,
      title: 'Co-focus',
      localDate,
    });
    const awardKept = makeEvent('community.co_focus.awarded', bonus(kept.id, 10, '2026-11-21'));
    const awardUndone = makeEvent('community.co_focus.awarded', bonus(undone.id, 10, '2026-11-21'));
    // The return of the second bonus comes first, and its Undo was a day later: the award stays out.
    const revoke = makeEvent('community.co_focus.revoked', bonus(undone.id, -10, '2026-11-22'));
    for (const event of [awardKept, revoke, awardKept, awardUndone, awardUndone]) {
      await quests.deps.bus.publish({ ...event });
    }
    const settled = makeEvent('community.co_focus.awarded', {
      ...bonus(kept.id, 10, '2026-11-23'),
      completionEventId: 'last-one',
    });
    await quests.deps.bus.publish(settled);
    const days = await eventually(
      async () => (await me('GET', '/api/dashboard/calendar?month=2026-11')).body,
      (body) => body['2026-11-23'] !== undefined,
    );
    expect(days['2026-11-21']).toMatchObject({ questsCompleted: 2, totalXp: 20 + 30 + 10 });
    expect(days['2026-11-22']).toBeUndefined();
    expect(calendarMonthSummary(calendarResponseSchema.parse(days)).totalXp).toBe(60 + 10);
    // The overview's total is the profile's: both kept bonuses (the last one's quest is the first).
    expect((await me('GET', '/api/dashboard/overview')).body.totalXpEarned).toBe(50 + 10 + 10);
  });

  it.each([['month=2026-13'], ['month=2026-1'], [''], ['month=november']])(
    'when the query is "%s", then it is a 400',
    async (query) => {
      const { status, body } = await quests.as(randomUUID())(
        'GET',
        `/api/dashboard/calendar?${query}`,
      );
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
    },
  );
});
