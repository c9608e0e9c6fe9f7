import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CO_FOCUS_BONUS_REASON,
  CO_FOCUS_BONUS_XP,
  EVENT_VERSION,
  makeEvent,
  type LifeTaskCompletedEventData,
  type QuestXpEventData,
} from '@levelup/contracts';
import { createLogger } from '@levelup/service-kit';
import { eventually, identityHeaders } from '@levelup/service-kit/testing';
import { identityModels } from '../src/users/models.ts';
import { xpEventHandler } from '../src/xp/apply-xp-event.ts';
import { client, newUser, startIdentity, type IdentityHarness } from './harness.ts';

// The profile's 'why this XP' history and achievements earned from the XP ledger.

let identity: IdentityHarness;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity.stop();
});

function questEvent(
  type: 'quests.completed' | 'quests.partial' | 'quests.revoked',
  userId: string,
  xpDelta: number,
  options: { localDate: string; title?: string; occurrenceId?: string | null; at?: string },
) {
  const data: QuestXpEventData = {
    userId,
    questId: randomUUID(),
    occurrenceId: options.occurrenceId ?? null,
    seriesId: options.occurrenceId ? randomUUID() : null,
    xpDelta,
    difficulty: 'medium',
    category: null,
    growthPath: null,
    localDate: options.localDate,
    title: options.title ?? 'Morning stretch',
    completionType:
      type === 'quests.completed'
        ? 'completed'
        : type === 'quests.partial'
          ? 'partial'
          : 'not_completed',
  };
  const event = makeEvent(type, data);
  return options.at ? { ...event, occurredAt: options.at } : event;
}

async function signUp() {
  const { body } = await client(identity.url).request('POST', '/api/auth/register', newUser());
  return body.id as string;
}

const get = (userId: string, path: string) =>
  client(identity.url).request(
    'GET',
    path,
    undefined,
    identityHeaders(userId, { service: 'svc-identity', path }),
  );

async function historyOf(userId: string, count: number, query = '') {
  return eventually(
    async () => (await get(userId, `/api/user/xp-history${query}`)).body,
    (body) => body?.total === count,
  );
}

describe('XP history', () => {
  it('when quests, an occurrence and a life task move XP, then the history lists each with its source and title, newest first', async () => {
    const userId = await signUp();
    const bus = identity.deps.bus;
    await bus.publish(
      questEvent('quests.completed', userId, 50, {
        localDate: '2026-11-20',
        title: 'Read ten pages',
        at: '2026-11-20T08:00:00.000Z',
      }),
    );
    await bus.publish(
      questEvent('quests.partial', userId, 12, {
        localDate: '2026-11-21',
        title: 'Evening journal',
        occurrenceId: randomUUID(),
        at: '2026-11-21T20:00:00.000Z',
      }),
    );
    const lifeTask: LifeTaskCompletedEventData = {
      userId,
      lifeTaskId: randomUUID(),
      title: 'Water the plants',
      category: 'household',
      xpEarned: 2,
      localDate: '2026-11-22',
    };
    await bus.publish({
      ...makeEvent('quests.life_task_completed', lifeTask),
      occurredAt: '2026-11-22T09:00:00.000Z',
    });

    const history = await historyOf(userId, 3);
    expect(history.entries).toEqual([
      expect.objectContaining({
        type: 'quests.life_task_completed',
        source: 'life_task',
        title: 'Water the plants',
        xpDelta: 2,
        localDate: '2026-11-22',
      }),
      expect.objectContaining({ source: 'occurrence', title: 'Evening journal', xpDelta: 12 }),
      expect.objectContaining({
        source: 'quest',
        title: 'Read ten pages',
        xpDelta: 50,
        at: '2026-11-20T08:00:00.000Z',
      }),
    ]);
    const limited = await historyOf(userId, 3, '?limit=1');
    expect(limited.entries).toHaveLength(1);
    expect(limited.entries[0].title).toBe('Water the plants');
  });

  it("when another user's history or a bad limit is asked for, then the caller sees only their own and a 400", async () => {
    const userId = await signUp();
    const other = await signUp();
    await identity.deps.bus.publish(
      questEvent('quests.completed', other, 30, { localDate: '2026-11-22' }),
    );
    await historyOf(other, 1);
    expect((await get(userId, '/api/user/xp-history')).body).toEqual({ entries: [], total: 0 });
    for (const limit of ['0', '501', 'abc', '2.5']) {
      const { status, body } = await get(userId, `/api/user/xp-history?limit=${limit}`);
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
    }
    const stranger = await client(identity.url).request('GET', '/api/user/xp-history');
    expect(stranger.status).toBe(401);
  });
});

describe('achievements', () => {
  it('when a new user asks, then the four tiles are unearned', async () => {
    const userId = await signUp();
    const { status, body } = await get(userId, '/api/user/achievements');
    expect(status).toBe(200);
    expect(
      body.achievements.map((a: { name: string; earned: boolean }) => [a.name, a.earned]),
    ).toEqual([
      ['First Quest', false],
      ['Week Warrior', false],
      ['Community Helper', false],
      ['Level 10 Hero', false],
    ]);
  });

  it('when completions cover seven local days in a row and reach 4,500 XP, then First Quest, Week Warrior and Level 10 Hero are earned with their dates', async () => {
    const userId = await signUp();
    for (let day = 1; day <= 7; day += 1) {
      const date = `2026-11-0${day}`;
      await identity.deps.bus.publish(
        questEvent('quests.completed', userId, day === 7 ? 4000 : 80, {
          localDate: date,
          at: `${date}T07:00:00.000Z`,
        }),
      );
    }
    await historyOf(userId, 7);
    const { body } = await get(userId, '/api/user/achievements');
    const byId = Object.fromEntries(body.achievements.map((a: { id: string }) => [a.id, a]));
    expect(byId['first-quest']).toMatchObject({
      earned: true,
      earnedDate: '2026-11-01T07:00:00.000Z',
    });
    expect(byId['week-warrior']).toMatchObject({
      earned: true,
      earnedDate: '2026-11-07T07:00:00.000Z',
    });
    // 6 x 80 + 4000 = 4480: not yet level 10 (4,500).
    expect(byId['level-10-hero']).toMatchObject({ earned: false, earnedDate: null });
    await identity.deps.bus.publish(
      questEvent('quests.completed', userId, 20, {
        localDate: '2026-11-08',
        at: '2026-11-08T07:00:00.000Z',
      }),
    );
    await historyOf(userId, 8);
    const after = await get(userId, '/api/user/achievements');
    expect(after.body.achievements[3]).toMatchObject({
      earned: true,
      earnedDate: '2026-11-08T07:00:00.000Z',
    });
  });

  it('when a co-focus bonus arrives, and again (a redelivery), then the history shows one "Co-focus bonus" entry and the total moves once; its revoke takes it back', async () => {
    const userId = await signUp();
    const bonus = (type: 'community.co_focus.awarded' | 'community.co_focus.revoked') => ({
      id: randomUUID(),
      type,
      version: EVENT_VERSION,
      occurredAt: new Date().toISOString(),
      data: {
        userId,
        sessionId: 'session-1',
        questId: 'quest-1',
        completionEventId: randomUUID(),
        xpDelta: type === 'community.co_focus.awarded' ? CO_FOCUS_BONUS_XP : -CO_FOCUS_BONUS_XP,
        title: 'File the tax return',
        localDate: '2026-11-25',
      },
    });
    const awarded = bonus('community.co_focus.awarded');
    await identity.deps.bus.publish(awarded);
    const history = await historyOf(userId, 1);
    expect(history.entries[0]).toMatchObject({
      type: 'community.co_focus.awarded',
      source: 'co_focus',
      title: `${CO_FOCUS_BONUS_REASON}: File the tax return`,
      xpDelta: CO_FOCUS_BONUS_XP,
    });
    // Redelivered after JetStream's duplicate window: the consumer's handler sees the same id again.
    await xpEventHandler(identityModels(identity.deps.db), createLogger('xp-test'))(awarded);
    const { User } = identityModels(identity.deps.db);
    expect((await User.findById(userId).lean())?.xp).toBe(CO_FOCUS_BONUS_XP);
    expect((await historyOf(userId, 1)).total).toBe(1);

    await identity.deps.bus.publish(bonus('community.co_focus.revoked'));
    await historyOf(userId, 2);
    expect((await User.findById(userId).lean())?.xp).toBe(0);
  });
});
