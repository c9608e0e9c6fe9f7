import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clearCompletedResponseSchema,
  questSchema,
  toggleQuestResponseSchema,
  type EventEnvelope,
} from '@levelup/contracts';
import { createOutboxRelay } from '@levelup/service-kit';
import { eventually } from '@levelup/service-kit/testing';
import { questsModels } from '../src/quests/models.ts';
import { questsService } from '../src/quests/quests.service.ts';
import { questsRepository, type QuestsRepository } from '../src/quests/repository.ts';
import { questsQuotas } from '../src/shared/storage-quotas.ts';
import { userZones } from '../src/users/user-zones.ts';
import {
  listenToQuestEvents,
  newQuest,
  startQuests,
  userInZone,
  type QuestsHarness,
} from './harness.ts';

let quests: QuestsHarness;
let listener: Awaited<ReturnType<typeof listenToQuestEvents>>;
// Saturday 2026-11-21 10:00 UTC: already Sunday 00:00 in Kiritimati (UTC+14), still Friday 23:00 in Pago Pago (UTC-11).
const now = new Date('2026-11-21T10:00:00.000Z');

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
  listener = await listenToQuestEvents(quests, 'quest-actions-listener');
});
afterAll(async () => {
  await listener.stop();
  await quests.stop();
});

const eventsFor = (questId: string) =>
  listener.events.filter((event: EventEnvelope) => event.data.questId === questId);

async function settledEvents(questId: string, count: number) {
  const events = await eventually(
    async () => eventsFor(questId),
    (list) => list.length >= count,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  return eventsFor(questId).length === events.length ? events : eventsFor(questId);
}

describe('POST /api/quests (every creation field)', () => {
  it('when a quest has every creation field and a growth path, then all are answered back', async () => {
    const { status, body } = await quests.as(randomUUID())(
      'POST',
      '/api/quests',
      newQuest({
        difficulty: 'hard',
        xpReward: 120,
        timeEstimate: '15 min',
        dueDate: '2026-11-22T22:59:59.999Z',
        scheduledTime: '2026-11-22T08:00:00.000Z',
        tags: ['body'],
        isOnboarding: true,
        isRecurring: false,
        category: 'health_fitness',
        timeOfDay: 'morning',
        growthPath: 'physical_growth',
      }),
    );
    expect(status).toBe(201);
    expect(questSchema.parse(body)).toMatchObject({
      difficulty: 'hard',
      xpReward: 120,
      timeEstimate: '15 min',
      dueDate: '2026-11-22T22:59:59.999Z',
      scheduledTime: '2026-11-22T08:00:00.000Z',
      tags: ['body'],
      category: 'health_fitness',
      timeOfDay: 'morning',
      growthPath: 'physical_growth',
    });
  });

  it.each([
    [{ growthPath: 'outer_growth' }, 'growthPath'],
    [{ dueDate: '2026-11-22' }, 'dueDate'],
    [{ difficulty: 'legendary' }, 'difficulty'],
  ])(
    'when a quest has %o, then it is a 400 naming %s and nothing is created',
    async (bad, field) => {
      const me = quests.as(randomUUID());
      const { status, body } = await me('POST', '/api/quests', newQuest(bad));
      expect(status).toBe(400);
      expect(body.error.details.map((d: { path: string }) => d.path)).toContain(field);
      expect((await me('GET', '/api/quests')).body).toEqual([]);
    },
  );
});

describe('PATCH /api/quests/{id}', () => {
  it('when the scheduling sheet sends a scheduledTime, then only that field changes', async () => {
    const me = quests.as(randomUUID());
    const { body: quest } = await me('POST', '/api/quests', newQuest({ tags: ['a'] }));
    const { status, body } = await me('PATCH', `/api/quests/${quest.id}`, {
      scheduledTime: '2026-11-21T14:00:00.000Z',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ ...quest, scheduledTime: '2026-11-21T14:00:00.000Z' });
  });

  it.each([
    [{}, 'Nothing to update'],
    [{ scheduledTime: 'tomorrow' }, 'Please enter a valid date'],
    [{ title: 'ab' }, 'Quest title must be at least 3 characters'],
  ])(
    'when the body is %o, then it is a 400 "%s" and the quest is unchanged',
    async (bad, message) => {
      const me = quests.as(randomUUID());
      const { body: quest } = await me('POST', '/api/quests', newQuest());
      const { status, body } = await me('PATCH', `/api/quests/${quest.id}`, bad);
      expect(status).toBe(400);
      expect(body.error.message).toBe(message);
      expect((await me('GET', '/api/quests')).body).toEqual([quest]);
    },
  );
});

describe('POST /api/quests/{id}/complete', () => {
  it('when a quest is completed twice, then the second call awards nothing and one event is published', async () => {
    const me = quests.as(randomUUID());
    const { body: quest } = await me('POST', '/api/quests', newQuest({ difficulty: 'medium' }));
    const first = await me('POST', `/api/quests/${quest.id}/complete`, {});
    expect(toggleQuestResponseSchema.parse(first.body)).toMatchObject({
      isCompleted: true,
      completionType: 'completed',
      xpDelta: 50,
    });
    const second = await me('POST', `/api/quests/${quest.id}/complete`);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ isCompleted: true, xpDelta: 0 });
    expect(second.body.completedAt).toBe(first.body.completedAt);
    const events = await settledEvents(quest.id, 1);
    expect(events.map((e) => [e.type, e.data.xpDelta])).toEqual([['quests.completed', 50]]);
  });

  it('when ten completes race, then exactly one of them awards the XP', async () => {
    const me = quests.as(randomUUID());
    const { body: quest } = await me('POST', '/api/quests', newQuest({ difficulty: 'hard' }));
    const results = await Promise.all(
      Array.from({ length: 10 }, () => me('POST', `/api/quests/${quest.id}/complete`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.map((r) => r.body.xpDelta).sort((a, b) => b - a)).toEqual([
      100,
      ...Array(9).fill(0),
    ]);
    const events = await settledEvents(quest.id, 1);
    expect(events).toHaveLength(1);
  });
});

describe('PATCH /api/quests/{id}/progress', () => {
  it('when a quest moves through every completion state, then XP moves by the difference each time', async () => {
    const userId = randomUUID();
    const me = quests.as(userId);
    const { body: quest } = await me('POST', '/api/quests', newQuest({ xpReward: 25 }));
    const steps = [
      ['partial', 12, true],
      ['completed', 13, true],
      ['partial', -13, true],
      ['partial', 0, true],
      ['not_completed', -12, false],
      ['completed', 25, true],
      ['not_completed', -25, false],
    ] as const;
    for (const [completionType, xpDelta, isCompleted] of steps) {
      const { status, body } = await me('PATCH', `/api/quests/${quest.id}/progress`, {
        completionType,
        progressNotes: null,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ completionType, xpDelta, isCompleted });
    }
    const events = await settledEvents(quest.id, 6);
    expect(events.map((e) => [e.type, e.data.xpDelta, e.data.userId])).toEqual([
      ['quests.partial', 12, userId],
      ['quests.completed', 13, userId],
      ['quests.partial', -13, userId],
      ['quests.revoked', -12, userId],
      ['quests.completed', 25, userId],
      ['quests.revoked', -25, userId],
    ]);
    expect(events.reduce((sum, e) => sum + (e.data.xpDelta as number), 0)).toBe(0);
  });

  it('when a partial quest is toggled, then the toggle revokes the partial XP; toggled again it awards the full XP', async () => {
    const me = quests.as(randomUUID());
    const { body: quest } = await me('POST', '/api/quests', newQuest({ xpReward: 31 }));
    await me('PATCH', `/api/quests/${quest.id}/progress`, { completionType: 'partial' });
    expect((await me('POST', `/api/quests/${quest.id}/toggle`)).body.xpDelta).toBe(-15);
    expect((await me('POST', `/api/quests/${quest.id}/toggle`)).body.xpDelta).toBe(31);
  });

  it.each([[{ completionType: 'done' }], [{}], [{ completionType: 'partial', progressNotes: 5 }]])(
    'when the body is %o, then it is a 400 and the quest is unchanged',
    async (bad) => {
      const me = quests.as(randomUUID());
      const { body: quest } = await me('POST', '/api/quests', newQuest());
      const { status, body } = await me('PATCH', `/api/quests/${quest.id}/progress`, bad);
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect((await me('GET', '/api/quests')).body[0].completionType).toBe('not_completed');
    },
  );
});

describe('POST /api/quests/{id}/snooze', () => {
  it('when a user in UTC+14 snoozes a quest due today, then it is due at the end of their tomorrow', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'Pacific/Kiritimati');
    const me = quests.as(userId);
    // Their today is Sunday 2026-11-22 (it is 00:00 there); due at its end, 2026-11-22T09:59:59.999Z.
    const { body: quest } = await me(
      'POST',
      '/api/quests',
      newQuest({ dueDate: '2026-11-22T09:59:59.999Z', scheduledTime: '2026-11-21T19:30:00.000Z' }),
    );
    const { status, body } = await me('POST', `/api/quests/${quest.id}/snooze`);
    expect(status).toBe(200);
    expect(body.dueDate).toBe('2026-11-23T09:59:59.999Z');
    // 09:30 local on Sunday becomes 09:30 local on Monday.
    expect(body.scheduledTime).toBe('2026-11-22T19:30:00.000Z');
  });

  it('when a scheduled quest is snoozed, then it is read once and the edit starts from that read: its due date and reminder move to tomorrow', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'Pacific/Kiritimati');
    const { body: quest } = await quests.as(userId)(
      'POST',
      '/api/quests',
      newQuest({ dueDate: '2026-11-22T09:59:59.999Z', scheduledTime: '2026-11-21T19:30:00.000Z' }),
    );
    const { db, bus } = quests.deps;
    const repository = questsRepository(questsModels(db));
    const reads: string[] = [];
    const counting: QuestsRepository = {
      ...repository,
      findOwned: (user, id) => {
        reads.push(id);
        return repository.findOwned(user, id);
      },
    };
    const service = questsService({
      quests: counting,
      zones: userZones(questsModels(db)),
      relay: createOutboxRelay({ model: questsModels(db).Quest, bus }),
      clock: () => now,
      quotas: questsQuotas(db),
    });
    const snoozed = await service.snooze(userId, quest.id);
    expect(reads).toEqual([quest.id]);
    expect(snoozed).toMatchObject({
      dueDate: '2026-11-23T09:59:59.999Z',
      scheduledTime: '2026-11-22T19:30:00.000Z',
    });
    const reminders = await eventually(
      async () => listener.events.filter((event) => event.data.itemId === quest.id),
      (list) => list.length >= 2,
    );
    expect(reminders.map((event) => [event.type, event.data.dueAt])).toEqual([
      ['quests.reminder_scheduled', '2026-11-21T19:30:00.000Z'],
      ['quests.reminder_scheduled', '2026-11-22T19:30:00.000Z'],
    ]);
  });

  it('when a user in UTC-11 snoozes an overdue quest, then it is due at the end of their tomorrow', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'Pacific/Pago_Pago');
    const me = quests.as(userId);
    // Their today is Friday 2026-11-20 (23:00); the quest was due on Thursday.
    const { body: quest } = await me(
      'POST',
      '/api/quests',
      newQuest({ dueDate: '2026-11-20T10:59:59.999Z' }),
    );
    const { body } = await me('POST', `/api/quests/${quest.id}/snooze`);
    expect(body.dueDate).toBe('2026-11-22T10:59:59.999Z');
  });

  it('when a quest has a time of day and no due date, then snooze gives it tomorrow as due date', async () => {
    const me = quests.as(randomUUID());
    const { body: quest } = await me('POST', '/api/quests', newQuest({ timeOfDay: 'evening' }));
    const { status, body } = await me('POST', `/api/quests/${quest.id}/snooze`);
    expect(status).toBe(200);
    expect(body.dueDate).toBe('2026-11-22T23:59:59.999Z');
  });

  it.each([
    ['an anytime quest due next week', { dueDate: '2026-11-28T23:59:59.999Z' }, false],
    // Snoozing to tomorrow would move these earlier.
    [
      'an evening quest due next week',
      { dueDate: '2026-11-28T23:59:59.999Z', timeOfDay: 'evening' },
      false,
    ],
    [
      'a morning quest scheduled in three days',
      { scheduledTime: '2026-11-24T08:00:00.000Z', timeOfDay: 'morning' },
      false,
    ],
    ['an anytime quest with no due date', {}, false],
    ['a completed quest', { timeOfDay: 'morning' }, true],
  ])('when it is %s, then snooze is a 409 and nothing changes', async (_label, fields, done) => {
    const me = quests.as(randomUUID());
    const { body: quest } = await me('POST', '/api/quests', newQuest(fields));
    if (done) await me('POST', `/api/quests/${quest.id}/complete`);
    const before = (await me('GET', '/api/quests')).body;
    const { status, body } = await me('POST', `/api/quests/${quest.id}/snooze`);
    expect(status).toBe(409);
    expect(body.error.code).toBe('CONFLICT');
    expect((await me('GET', '/api/quests')).body).toEqual(before);
  });
});

describe('POST /api/quests/clear-completed', () => {
  it('when completed quests are cleared, then they leave the dashboard list and the XP and counts stay', async () => {
    const me = quests.as(randomUUID());
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await me('POST', '/api/quests', newQuest())).body.id);
    await me('POST', `/api/quests/${ids[0]}/complete`);
    await me('PATCH', `/api/quests/${ids[1]}/progress`, { completionType: 'partial' });
    const before = (await me('GET', '/api/dashboard/overview')).body;
    const { status, body } = await me('POST', '/api/quests/clear-completed');
    expect(status).toBe(200);
    expect(clearCompletedResponseSchema.parse(body)).toEqual({ clearedCount: 2 });
    expect((await me('GET', '/api/quests')).body.map((q: { id: string }) => q.id)).toEqual([
      ids[2],
    ]);
    expect((await me('GET', '/api/dashboard/overview')).body).toEqual(before);
    expect((await me('POST', '/api/quests/clear-completed')).body).toEqual({ clearedCount: 0 });
  });
});

describe("another user's quest", () => {
  it.each([
    ['PATCH', '', { scheduledTime: '2026-11-21T14:00:00.000Z' }],
    ['POST', '/complete', undefined],
    ['PATCH', '/progress', { completionType: 'completed' }],
    ['POST', '/snooze', undefined],
    ['POST', '/toggle', undefined],
  ] as const)(
    'when %s /api/quests/{id}%s is called by a stranger, then it is a 404 and the quest is unchanged',
    async (method, suffix, body) => {
      const owner = quests.as(randomUUID());
      const { body: quest } = await owner(
        'POST',
        '/api/quests',
        newQuest({ timeOfDay: 'morning' }),
      );
      const result = await quests.as(randomUUID())(
        method,
        `/api/quests/${quest.id}${suffix}`,
        body,
      );
      expect(result.status).toBe(404);
      expect((await owner('GET', '/api/quests')).body).toEqual([quest]);
      expect(eventsFor(quest.id)).toEqual([]);
    },
  );

  it.each([['not-an-id'], ['f'.repeat(24)]])(
    'when the id is %s, then every verb is a 404, never a 5xx',
    async (id) => {
      const me = quests.as(randomUUID());
      for (const [method, suffix, body] of [
        ['PATCH', '', { scheduledTime: null }],
        ['POST', '/complete', undefined],
        ['PATCH', '/progress', { completionType: 'partial' }],
        ['POST', '/snooze', undefined],
      ] as const) {
        expect((await me(method, `/api/quests/${id}${suffix}`, body)).status).toBe(404);
      }
    },
  );
});
