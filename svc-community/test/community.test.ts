import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvent } from '@levelup/contracts';
import {
  eventually,
  identityHeaders,
  startTestService,
  type TestService,
} from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../src/app.ts';
import { communityEventHandlers } from '../src/feed/feed-events.ts';
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
    await onQuestEvent(undone);
    await onQuestEvent(done);
    expect(await models.FeedItem.countDocuments({ questId })).toBe(0);

    const again = {
      ...completion(userId, questId, 100),
      occurredAt: new Date(Date.parse(done.occurredAt) + 2000).toISOString(),
    };
    await onQuestEvent(again);
    await onQuestEvent(done);
    expect(await models.FeedItem.find({ questId }).distinct('_id')).toEqual([again.id]);
    await models.FeedItem.deleteMany({ questId }); // the other tests read the whole feed
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
