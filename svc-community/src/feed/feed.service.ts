import type { CommunityFeedItem, QuestDifficulty } from '@levelup/contracts';
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

export type FeedService = ReturnType<typeof feedService>;

/**
 * The community feed, muted members left out: the members' quests whose latest completion is later than
 * their latest revoke, newest first, with the members' names.
 */
export function feedService({
  FeedEntry,
  Member,
  members,
}: Pick<CommunityModels, 'FeedEntry' | 'Member'> & { members: MembersRepository }) {
  return {
    async latest(userId: string, limit: number): Promise<CommunityFeedItem[]> {
      const muted = await members.mutedBy(userId);
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
        (userIds.length
          ? await Member.find({ _id: { $in: userIds } }).lean<MemberDoc[]>()
          : []
        ).map((member) => [member._id, member]),
      );
      return entries.map((entry) => toFeedItem(entry, names.get(entry.userId)));
    },
  };
}
