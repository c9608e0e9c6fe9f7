import { Router } from '@koa/router';
import { z } from 'zod';
import { limitQuerySchema } from '@levelup/contracts';
import type { CommunityModels, FeedItemDoc } from '../models.ts';

/** Feed default limit 10 (core.md section 9). */
export const FEED_DEFAULT_LIMIT = 10;

const feedQuerySchema = z.object({ limit: limitQuerySchema(FEED_DEFAULT_LIMIT, 50) });

export function toFeedItem(doc: FeedItemDoc) {
  return {
    id: doc._id,
    user: { displayName: doc.user.displayName, username: doc.user.username },
    questTitle: doc.questTitle,
    questDifficulty: doc.questDifficulty,
    xpEarned: doc.xpEarned,
    completedAt: new Date(doc.completedAt).toISOString(),
  };
}

export function feedRouter({ FeedItem }: Pick<CommunityModels, 'FeedItem'>): Router {
  const router = new Router();
  router.get('/api/community/feed', async (ctx) => {
    const { limit } = feedQuerySchema.parse(ctx.query);
    const items = await FeedItem.find({})
      .sort({ completedAt: -1 })
      .limit(limit)
      .lean<FeedItemDoc[]>();
    ctx.body = items.map(toFeedItem);
  });
  return router;
}
