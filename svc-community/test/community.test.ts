import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvent } from '@levelup/contracts';
import { createLogger } from '@levelup/service-kit';
import {
  eventually,
  identityHeaders,
  startTestService,
  type TestService,
} from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../src/app.ts';
import {
  communityEventHandlers,
  feedEntryKey,
  isShown,
  migrateFeed,
} from '../src/feed/feed-events.ts';
import { communityModels } from '../src/models.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService({ name: 'svc-community', createApp, startWorkers });
});
afterAll(async () => {
  await service?.stop();
});

const get = async (
  path: string,
  headers: Record<string, string> = identityHeaders(randomUUID(), {
    service: 'svc-community',
    path,
  }),
) => {
  const response = await fetch(`${service.url}${path}`, { headers });
  return {
    status: response.status,
    body: (await response.json()) as Array<Record<string, unknown>>,
  };
};

function completion(
  userId: string,
  questId: string,
  xpDelta: number,
  type: 'quests.completed' | 'quests.revoked' = 'quests.completed',
) {
  return makeEvent(type, {
    userId,
    questId,
    occurrenceId: null,
    seriesId: null,
    xpDelta,
    difficulty: 'hard',
    category: null,
    growthPath: null,
    localDate: '2026-11-22',
    title: 'Deep work block',
    completionType: type === 'quests.completed' ? 'completed' : 'not_completed',
  });
}

describe('svc-community', () => {
  it('when /health is called, then it answers ok without identity', async () => {
    const response = await fetch(`${service.url}/health`);
    expect(await response.json()).toEqual({ status: 'ok', service: 'svc-community' });
  });

  it.each([['/api/posts'], ['/api/community/feed'], ['/api/sessions'], ['/api/meetups']])(
    'when %s is called without a signed identity, then it answers 401',
    async (path) => {
      expect((await get(path, {})).status).toBe(401);
    },
  );

  it('when nobody has posted, then the post list is empty; a stored post shows with its author name', async () => {
    expect(await get('/api/posts')).toEqual({ status: 200, body: [] });
    const author = randomUUID();
    await service.deps.bus.publish(
      makeEvent('identity.user_registered', {
        userId: author,
        username: 'ada',
        displayName: 'Ada L',
        timeZone: 'UTC',
      }),
    );
    const { Member, Post } = communityModels(service.deps.db);
    await eventually(
      () => Member.findById(author).lean(),
      (member) => member !== null,
    );
    await Post.create({ userId: author, content: 'Finished my first week!', type: 'win' });
    const { body } = await get('/api/posts');
    expect(body).toEqual([
      expect.objectContaining({
        content: 'Finished my first week!',
        type: 'win',
        likes: 0,
        author: { displayName: 'Ada L' },
      }),
    ]);
  });

  it('when a completion is delivered again after its revoke (a redelivery after a crash), then it does not come back to the feed; a later completion does', async () => {
    const models = communityModels(service.deps.db);
    const { onQuestEvent } = communityEventHandlers(models);
    const userId = randomUUID();
    const questId = randomUUID();
    const done = completion(userId, questId, 100);
    const undone = {
      ...completion(userId, questId, -100, 'quests.revoked'),
      occurredAt: new Date(Date.parse(done.occurredAt) + 1000).toISOString(),
    };
    const shown = async () => {
      const entry = await models.FeedEntry.findById(feedEntryKey(userId, questId)).lean();
      return entry && isShown(entry) ? entry.eventId : null;
    };
    await onQuestEvent(undone);
    await onQuestEvent(done);
    expect(await shown()).toBeNull();

    const again = {
      ...completion(userId, questId, 100),
      occurredAt: new Date(Date.parse(done.occurredAt) + 2000).toISOString(),
    };
    await onQuestEvent(again);
    await onQuestEvent(done);
    await onQuestEvent(undone);
    expect(await shown()).toBe(again.id);
    expect(await models.FeedEntry.countDocuments({ questId })).toBe(1);
    await models.FeedEntry.deleteMany({ questId }); // the other tests read the whole feed
  });

  it('when a member’s completions and revokes come as one batch in any order, then the feed holds what the latest of each says', async () => {
    const models = communityModels(service.deps.db);
    const { onQuestEvents } = communityEventHandlers(models);
    const userId = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    const at = (event: ReturnType<typeof completion>, seconds: number) => ({
      ...event,
      occurredAt: new Date(Date.parse('2026-11-20T10:00:00Z') + seconds * 1000).toISOString(),
    });
    const events = [
      at(completion(userId, a, 10), 1),
      at(completion(userId, b, 20), 2),
      at(completion(userId, a, -10, 'quests.revoked'), 3),
      at(completion(userId, b, -20, 'quests.revoked'), 4),
      at(completion(userId, b, 20), 5),
    ];
    const entries = (list: typeof events) =>
      list.map((event, i) => ({
        event,
        meta: { subject: event.type, deliveryCount: 1, streamSequence: i + 1 },
      }));
    await onQuestEvents(entries([...events].reverse()));
    await onQuestEvents(entries(events)); // delivered again: nothing moves
    const stored = await models.FeedEntry.find({ userId }).lean();
    expect(stored.filter(isShown).map((entry) => entry.eventId)).toEqual([events[4]!.id]);
    expect(stored).toHaveLength(2);
    await models.FeedEntry.deleteMany({ userId });
  });

  it('when the feed still has documents of the earlier model, then start-up moves them over and the feed shows the same', async () => {
    const models = communityModels(service.deps.db);
    const userId = randomUUID();
    const [kept, revoked] = [randomUUID(), randomUUID()];
    const completedAt = new Date('2026-11-21T08:00:00Z');
    const item = {
      userId,
      user: { displayName: 'Old', username: 'old' },
      questTitle: 'Deep work block',
      questDifficulty: 'hard',
      xpEarned: 100,
      completedAt,
    };
    await models.FeedItem.collection.insertMany([
      { _id: randomUUID(), questId: kept, ...item },
      { _id: randomUUID(), questId: revoked, ...item },
    ] as never[]);
    await models.FeedRevocation.collection.insertOne({
      _id: `${userId}:${revoked}`,
      revokedAt: new Date('2026-11-21T09:00:00Z'),
    } as never);
    await migrateFeed(
      models,
      createLogger('feed-test', () => undefined),
    );
    await migrateFeed(
      models,
      createLogger('feed-test', () => undefined),
    );
    const stored = await models.FeedEntry.find({ userId }).lean();
    expect(stored.filter(isShown).map((entry) => entry.questId)).toEqual([kept]);
    expect(await models.FeedItem.countDocuments()).toBe(0);
    await models.FeedEntry.deleteMany({ userId });
  });

  it('when quests are completed, then the achievements feed shows them newest first; a revoked one leaves it', async () => {
    const userId = randomUUID();
    await service.deps.bus.publish(
      makeEvent('identity.user_registered', {
        userId,
        username: 'grace',
        displayName: 'Grace H',
        timeZone: 'UTC',
      }),
    );
    const { Member } = communityModels(service.deps.db);
    await eventually(
      () => Member.findById(userId).lean(),
      (member) => member !== null,
    );
    // Grace shares her titles (a new member's are hidden).
    const shared = await service.as(userId)('PUT', '/api/community/privacy', {
      shareCompletions: 'on',
    });
    expect(shared.status).toBe(200);
    const kept = randomUUID();
    const revoked = randomUUID();
    await service.deps.bus.publish(completion(userId, kept, 100));
    await service.deps.bus.publish(completion(userId, revoked, 100));
    await eventually(
      async () => (await get('/api/community/feed')).body,
      (feed) => feed.length === 2,
    );
    await service.deps.bus.publish(completion(userId, revoked, -100, 'quests.revoked'));
    const { body } = await eventually(
      async () => get('/api/community/feed'),
      (feed) => feed.body.length === 1,
    );
    expect(body).toEqual([
      expect.objectContaining({
        user: { displayName: 'Grace H', username: 'grace' },
        questTitle: 'Deep work block',
        questDifficulty: 'hard',
        xpEarned: 100,
      }),
    ]);
  });

  it('when the feed is asked for a limit, then it answers that many newest items', async () => {
    const userId = randomUUID();
    await service.deps.bus.publish(completion(userId, randomUUID(), 20));
    await service.deps.bus.publish(completion(userId, randomUUID(), 30));
    const all = await eventually(
      async () => (await get('/api/community/feed')).body,
      (feed) => feed.length >= 3,
    );
    const { body } = await get('/api/community/feed?limit=1');
    expect(body).toEqual([all[0]]);
    expect((await get('/api/community/feed?limit=0')).status).toBe(400);
  });

  it("when a member muted someone, then that member's achievements leave their feed only", async () => {
    const loud = randomUUID();
    const reader = randomUUID();
    const { Post } = communityModels(service.deps.db);
    const post = await Post.create({ userId: loud, content: 'Me again', type: 'win' });
    await service.deps.bus.publish(completion(loud, randomUUID(), 40));
    await eventually(
      async () => (await get('/api/community/feed')).body,
      (feed) => feed.some((item) => item.xpEarned === 40),
    );
    const muted = await service.as(reader)('POST', `/api/posts/${post._id.toString()}/mute-author`);
    expect(muted.status).toBe(200);
    const readerFeed = await get(
      '/api/community/feed?limit=50',
      identityHeaders(reader, { service: 'svc-community', path: '/api/community/feed?limit=50' }),
    );
    expect(readerFeed.body.some((item) => item.xpEarned === 40)).toBe(false);
    expect(
      (await get('/api/community/feed?limit=50')).body.some((item) => item.xpEarned === 40),
    ).toBe(true);
  });
});
