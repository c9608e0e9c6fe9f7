import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STREAMS,
  dashboardOverviewSchema,
  makeEvent,
  type EventEnvelope,
} from '@levelup/contracts';
import type { ConsumerHandle } from '@levelup/service-kit';
import { eventually } from '@levelup/service-kit/testing';
import { questsModels } from '../src/quests/models.ts';
import { newQuest, startQuests, type QuestsHarness } from './harness.ts';

let quests: QuestsHarness;
// A fixed "now": Wednesday 2026-11-18, 23:30 in New York (Thursday 04:30 UTC).
let now = new Date('2026-11-19T04:30:00.000Z');

let listener: ConsumerHandle;
const published: EventEnvelope[] = [];

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
  listener = await quests.deps.bus.consume({
    stream: STREAMS.QUESTS.name,
    durable: 'overview-test-listener',
    handler: async (event) => {
      published.push(event);
    },
  });
});
afterAll(async () => {
  await listener.stop();
  await quests.stop();
});

describe('GET /api/dashboard/overview', () => {
  it('when a user has no quests, then every figure is 0', async () => {
    const { status, body } = await quests.as(randomUUID())('GET', '/api/dashboard/overview');
    expect(status).toBe(200);
    expect(dashboardOverviewSchema.parse(body)).toEqual({
      totalXpEarned: 0,
      totalQuestsCompleted: 0,
      totalQuestsCreated: 0,
      questsCompletedThisWeek: 0,
      currentStreak: 0,
      longestStreak: 0,
      activeGoalsCount: 0,
      completedGoalsCount: 0,
    });
  });

  it('when quests are completed on consecutive local days, then totals, week and streaks follow the user zone', async () => {
    const userId = randomUUID();
    await quests.deps.bus.publish(
      makeEvent('identity.user_registered', {
        userId,
        username: 'nyc',
        displayName: 'New Yorker',
        timeZone: 'America/New_York',
      }),
    );
    const me = quests.as(userId);
    const created = [];
    for (let i = 0; i < 4; i += 1)
      created.push((await me('POST', '/api/quests', newQuest({ difficulty: 'easy' }))).body);
    // Precondition: the zone has reached svc-quests' read model (fed asynchronously by the event).
    const { UserZone } = questsModels(quests.deps.db);
    await eventually(
      () => UserZone.findById(userId).lean(),
      (zone) => zone?.timeZone === 'America/New_York',
    );

    now = new Date('2026-11-14T15:00:00.000Z'); // Saturday in New York: last week (weeks start on Sunday)
    await me('POST', `/api/quests/${created[3].id}/toggle`);
    now = new Date('2026-11-17T15:00:00.000Z'); // Tuesday in New York
    await me('POST', `/api/quests/${created[0].id}/toggle`);
    now = new Date('2026-11-19T04:30:00.000Z'); // still Wednesday 23:30 in New York, Thursday in UTC
    await me('POST', `/api/quests/${created[1].id}/toggle`);
    await me('POST', `/api/quests/${created[2].id}/toggle`);

    const { body } = await me('GET', '/api/dashboard/overview');
    expect(body).toEqual({
      totalXpEarned: 80,
      totalQuestsCompleted: 4,
      totalQuestsCreated: 4,
      questsCompletedThisWeek: 3,
      currentStreak: 2,
      longestStreak: 2,
      activeGoalsCount: 0,
      completedGoalsCount: 0,
    });
  });

  it('when a missed day of a daily routine is filled in afterwards, then the broken streak is whole again', async () => {
    const userId = randomUUID();
    await quests.deps.bus.publish(
      makeEvent('identity.user_registered', {
        userId,
        username: 'gap',
        displayName: 'Gap',
        timeZone: 'America/New_York',
      }),
    );
    const { UserZone } = questsModels(quests.deps.db);
    await eventually(
      () => UserZone.findById(userId).lean(),
      (zone) => zone?.timeZone === 'America/New_York',
    );
    now = new Date('2026-11-19T04:30:00.000Z'); // Wednesday 18 November, 23:30 in New York
    const me = quests.as(userId);
    const { body: series } = await me(
      'POST',
      '/api/quests/recurring',
      newQuest({ recurrenceType: 'daily', startDate: '2026-11-15T12:00:00.000Z' }),
    );
    await me('POST', `/api/quests/occurrences/${series.todaysOccurrence.id}/complete`);
    for (const day of ['2026-11-15', '2026-11-16'])
      await me('PUT', `/api/quests/recurring/${series.id}/days/${day}`, {
        completionType: 'completed',
      });
    const broken = (await me('GET', '/api/dashboard/overview')).body;
    expect([broken.currentStreak, broken.longestStreak]).toEqual([1, 2]);

    const filled = await me('PUT', `/api/quests/recurring/${series.id}/days/2026-11-17`, {
      completionType: 'completed',
    });
    expect(filled.status).toBe(200);
    const whole = (await me('GET', '/api/dashboard/overview')).body;
    expect(whole).toMatchObject({
      currentStreak: 4,
      longestStreak: 4,
      totalQuestsCompleted: 4,
      questsCompletedThisWeek: 4,
    });
  });

  it("when a quest is completed late in the evening, then its event carries the user's local date, not UTC's", async () => {
    const userId = randomUUID();
    await quests.deps.bus.publish(
      makeEvent('identity.user_registered', {
        userId,
        username: 'la',
        displayName: 'LA',
        timeZone: 'America/Los_Angeles',
      }),
    );
    const { UserZone } = questsModels(quests.deps.db);
    await eventually(
      () => UserZone.findById(userId).lean(),
      (zone) => zone?.timeZone === 'America/Los_Angeles',
    );
    const me = quests.as(userId);
    const { body: quest } = await me('POST', '/api/quests', newQuest());
    now = new Date('2026-11-19T04:30:00.000Z'); // Wednesday 20:30 in Los Angeles, Thursday in UTC
    await me('POST', `/api/quests/${quest.id}/toggle`);
    const [event] = await eventually(
      async () => published.filter((e) => e.data.questId === quest.id),
      (list) => list.length > 0,
    );
    expect(event?.data.localDate).toBe('2026-11-18');
  });

  it('when the user moves to another zone on the profile, then later completions use the new local date', async () => {
    const userId = randomUUID();
    const { UserZone } = questsModels(quests.deps.db);
    await quests.deps.bus.publish(
      makeEvent('identity.user_registered', {
        userId,
        username: 'mover',
        displayName: 'Mover',
        timeZone: 'America/Los_Angeles',
      }),
    );
    await eventually(
      () => UserZone.findById(userId).lean(),
      (zone) => zone?.timeZone === 'America/Los_Angeles',
    );
    await quests.deps.bus.publish(
      makeEvent('identity.user_renamed', {
        userId,
        username: 'mover',
        displayName: 'Mover',
        timeZone: 'Asia/Tokyo',
      }),
    );
    await eventually(
      () => UserZone.findById(userId).lean(),
      (zone) => zone?.timeZone === 'Asia/Tokyo',
    );

    const me = quests.as(userId);
    const { body: quest } = await me('POST', '/api/quests', newQuest());
    now = new Date('2026-11-19T20:00:00.000Z'); // Thursday noon in Los Angeles, already Friday 05:00 in Tokyo
    await me('POST', `/api/quests/${quest.id}/toggle`);
    const [event] = await eventually(
      async () => published.filter((e) => e.data.questId === quest.id),
      (list) => list.length > 0,
    );
    expect(event?.data.localDate).toBe('2026-11-20');
  });
});
