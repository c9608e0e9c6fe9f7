import { Router } from '@koa/router';
import {
  communityFeedQuerySchema,
  type CommunityFeedItem,
  type QuestDifficulty,
} from '@levelup/contracts';
import { userIdOf } from '@levelup/service-kit';
import type { MembersRepository } from '../members/repository.ts';
import type { CommunityModels, FeedEntryDoc, MemberDoc } from '../models.ts';

export function toFeedItem(
  doc: FeedEntryDoc,
  member: Pick<MemberDoc, 'displayName' | 'username'> | undefined,
): CommunityFeedItem {
  return {
    id: doc.eventId ?? doc._id,
    user: { displayName: member?.displayName ?? '', username: member?.username ?? '' },
    questTitle: doc.questTitle ?? '',
    questDifficulty: doc.questDifficulty as QuestDifficulty,
    xpEarned: doc.xpEarned ?? 0,
    completedAt: new Date(doc.completedAt ?? 0).toISOString(),
  };
}

/**
 * GET /api/community/feed?limit (default 10, at most 50), muted members left out: the members' quests
 * whose latest completion is later than their latest revoke, newest first, with the members' names.
 */
export function feedRouter({
  FeedEntry,
  Member,
  members,
}: Pick<CommunityModels, 'FeedEntry' | 'Member'> & { members: MembersRepository }): Router {
  const router = new Router();
  router.get('/api/community/feed', async (ctx) => {
    const { limit } = communityFeedQuerySchema.parse(ctx.query);
    const muted = await members.mutedBy(userIdOf(ctx));
    const entries = await FeedEntry.find({
      completedAt: { $ne: null },
      $or: [{ revokedAt: null }, { $expr: { $gt: ['$completedAt', '$revokedAt'] } }],
      ...(muted.length ? { userId: { $nin: muted } } : {}),
    })
      .sort({ completedAt: -1, _id: -1 })
      .limit(limit)
      .lean<FeedEntryDoc[]>();
    const userIds = [...new Set(entries.map((entry) => entry.userId))];
    const names = new Map(
      (userIds.length ? await Member.find({ _id: { $in: userIds } }).lean<MemberDoc[]>() : []).map(
        (member) => [member._id, member],
      ),
    );
    ctx.body = entries.map((entry) => toFeedItem(entry, names.get(entry.userId)));
  });
  return router;
}
