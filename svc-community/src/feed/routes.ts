import { Router } from '@koa/router';
import { communityFeedQuerySchema, type CommunityFeedItem } from '@levelup/contracts';
import { userIdOf } from '@levelup/service-kit';
import type { MembersRepository } from '../members/repository.ts';
import type { CommunityModels, FeedItemDoc } from '../models.ts';

export function toFeedItem(doc: FeedItemDoc): CommunityFeedItem {
  return {
    id: doc._id,
    user: { displayName: doc.user.displayName, username: doc.user.username },
    questTitle: doc.questTitle,
    questDifficulty: doc.questDifficulty,
    xpEarned: doc.xpEarned,
    completedAt: new Date(doc.completedAt).toISOString(),
  };
}

/** GET /api/community/feed?limit (default 10, at most 50; core.md sections 7 and 9), muted members left out. */
export function feedRouter({
  FeedItem,
  members,
}: Pick<CommunityModels, 'FeedItem'> & { members: MembersRepository }): Router {
  const router = new Router();
  router.get('/api/community/feed', async (ctx) => {
    const { limit } = communityFeedQuerySchema.parse(ctx.query);
    const muted = await members.mutedBy(userIdOf(ctx));
    const items = await FeedItem.find(muted.length ? { userId: { $nin: muted } } : {})
      .sort({ completedAt: -1, _id: -1 })
      .limit(limit)
      .lean<FeedItemDoc[]>();
    ctx.body = items.map(toFeedItem);
  });
  return router;
}
