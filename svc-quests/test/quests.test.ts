import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STREAMS,
  questSchema,
  toggleQuestResponseSchema,
  type EventEnvelope,
} from '@levelup/contracts';
import type { ConsumerHandle } from '@levelup/service-kit';
import { eventually, identityHeaders } from '@levelup/service-kit/testing';
import { newQuest, startQuests, type QuestsHarness } from './harness.ts';

let quests: QuestsHarness;
let listener: ConsumerHandle;
const published: EventEnvelope[] = [];

beforeAll(async () => {
  quests = await startQuests();
  listener = await quests.deps.bus.consume({
    stream: STREAMS.QUESTS.name,
    durable: 'quests-test-listener',
    handler: async (event) => {
      published.push(event);
    },
  });
});
afterAll(async () => {
  await listener.stop();
  await quests.stop();
});

const eventsFor = (questId: string) => published.filter((event) => event.data.questId === questId);

describe('identity on /api', () => {
  it('when a request has no identity, then every quest route answers 401', async () => {
    for (const [method, path] of [
      ['GET', '/api/quests'],
      ['POST', '/api/quests'],
      ['POST', `/api/quests/${'a'.repeat(24)}/toggle`],
      ['GET', '/api/dashboard/overview'],
    ] as const) {
      const response = await fetch(`${quests.url}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('when a client forges x-user-id or signs with a guessed secret, then it answers 401', async () => {
    expect(
      (await fetch(`${quests.url}/api/quests`, { headers: { 'x-user-id': 'someone' } })).status,
    ).toBe(401);
    expect(
      (
        await fetch(`${quests.url}/api/quests`, {
          headers: identityHeaders(
            'someone',
            { service: 'svc-quests', path: '/api/quests' },
            { secret: 'guessed-secret-0123456789' },
          ),
        })
      ).status,
    ).toBe(401);
  });

  it('when /health is called without identity, then it answers ok', async () => {
    expect(await (await fetch(`${quests.url}/health`)).json()).toEqual({
      status: 'ok',
      service: 'svc-quests',
    });
  });
});

describe('POST /api/quests and GET /api/quests', () => {
  it.each([
    [{ title: 'ab' }, 'Quest title must be at least 3 characters'],
    [{ description: 'too short' }, 'Quest description must be at least 10 characters'],
  ])(
    "when a quest has %o, then it is refused with that field's message",
    async (override, message) => {
      const { status, body } = await quests.as(randomUUID())(
        'POST',
        '/api/quests',
        newQuest(override),
      );
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    },
  );

  it('when a user creates a quest, then it is answered with the defaults of its difficulty', async () => {
    const { status, body } = await quests.as(randomUUID())(
      'POST',
      '/api/quests',
      newQuest({ difficulty: 'medium', tags: ['health'] }),
    );
    expect(status).toBe(201);
    expect(questSchema.parse(body)).toMatchObject({
      difficulty: 'medium',
      xpReward: 50,
      timeOfDay: 'anytime',
      isCompleted: false,
      completionType: 'not_completed',
      completedAt: null,
      tags: ['health'],
      seriesId: null,
    });
  });

  it('when two users have quests, then each sees only their own, newest last', async () => {
    const ada = quests.as(randomUUID());
    const bob = quests.as(randomUUID());
    const first = await ada('POST', '/api/quests', newQuest({ title: 'First quest' }));
    await bob('POST', '/api/quests', newQuest({ title: 'Not yours' }));
    const second = await ada('POST', '/api/quests', newQuest({ title: 'Second quest' }));
    const { status, body } = await ada('GET', '/api/quests');
    expect(status).toBe(200);
    expect(body.map((q: { id: string }) => q.id)).toEqual([first.body.id, second.body.id]);
  });

  it('when a new user lists quests, then the list is empty', async () => {
    expect((await quests.as(randomUUID())('GET', '/api/quests')).body).toEqual([]);
  });
});

describe('POST /api/quests/{id}/toggle', () => {
  it("when a user toggles another user's quest, then it answers 404 and the quest is unchanged", async () => {
    const owner = quests.as(randomUUID());
    const { body: quest } = await owner('POST', '/api/quests', newQuest());
    const result = await quests.as(randomUUID())('POST', `/api/quests/${quest.id}/toggle`);
    expect(result.status).toBe(404);
    expect(result.body.error.code).toBe('NOT_FOUND');
    expect((await owner('GET', '/api/quests')).body[0].isCompleted).toBe(false);
  });

  it.each([['a'.repeat(24)], ['not-an-id']])(
    'when the quest id %s is unknown, then it answers 404',
    async (id) => {
      expect((await quests.as(randomUUID())('POST', `/api/quests/${id}/toggle`)).status).toBe(404);
    },
  );

  it('when a quest is toggled twice, then it awards its XP, then revokes it, publishing both events', async () => {
    const userId = randomUUID();
    const me = quests.as(userId);
    const { body: quest } = await me('POST', '/api/quests', newQuest({ difficulty: 'hard' }));
    const first = await me('POST', `/api/quests/${quest.id}/toggle`);
    expect(toggleQuestResponseSchema.parse(first.body)).toMatchObject({
      isCompleted: true,
      completionType: 'completed',
      xpDelta: 100,
    });
    expect(first.body.completedAt).not.toBeNull();
    const second = await me('POST', `/api/quests/${quest.id}/toggle`);
    expect(second.body).toMatchObject({
      isCompleted: false,
      completionType: 'not_completed',
      completedAt: null,
      xpDelta: -100,
    });

    const events = await eventually(
      async () => eventsFor(quest.id),
      (list) => list.length >= 2,
    );
    expect(events.map((e) => [e.type, e.data.xpDelta, e.data.userId])).toEqual([
      ['quests.completed', 100, userId],
      ['quests.revoked', -100, userId],
    ]);
  });
});
