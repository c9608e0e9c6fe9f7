import {
  HIDDEN_QUEST_TITLE,
  shareCompletionsOf,
  type CommunityFeedItem,
  type QuestDifficulty,
  type ShareCompletions,
} from '@levelup/contracts';
import type { MembersRepository } from '../members/repository.ts';
import type { CommunityModels, FeedEntryDoc, MemberDoc } from '../models.ts';

/** A feed entry as the community sees it: with titles hidden, the title is not sent at all. */
export function toFeedItem(
  doc: FeedEntryDoc,
  member: Pick<MemberDoc, 'displayName' | 'username'> | undefined,
  share: ShareCompletions,
): CommunityFeedItem {
  const hidden = share !== 'on';
  return {
    id: doc.eventId ?? doc._id,
    user: { displayName: member?.displayName ?? '', username: member?.username ?? '' },
    questTitle: hidden ? HIDDEN_QUEST_TITLE : (doc.questTitle ?? ''),
    ...(hidden ? { titleHidden: true } : {}),
    questDifficulty: doc.questDifficulty as QuestDifficulty,
    xpEarned: doc.xpEarned ?? 0,
    completedAt: new Date(doc.completedAt ?? 0).toISOString(),
  };
}

export type FeedService = ReturnType<typeof feedService>;

/**
 * The community feed as every member sees it (the reader's own rows included), muted members and those
 * who share nothing left out: the members' quests whose latest completion is later than their latest
 * revoke, newest first, with the members' names, and without the titles of those who hide them.
 */
export function feedService({
  FeedEntry,
  Member,
  members,
}: Pick<CommunityModels, 'FeedEntry' | 'Member'> & { members: MembersRepository }) {
  return {
    async latest(userId: string, limit: number): Promise<CommunityFeedItem[]> {
      const [muted, silent] = await Promise.all([members.mutedBy(userId), members.notSharing()]);
      const leftOut = [...muted, ...silent];
      const entries = await FeedEntry.find({
        completedAt: { $ne: null },
        $or: [{ revokedAt: null }, { $expr: { $gt: ['$completedAt', '$revokedAt'] } }],
        ...(leftOut.length ? { userId: { $nin: leftOut } } : {}),
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
      // Read again with the names, after the entries: one who turned sharing off meanwhile stays out.
      const shareOf = (entry: FeedEntryDoc) =>
        shareCompletionsOf(names.get(entry.userId)?.shareCompletions);
      return entries
        .filter((entry) => shareOf(entry) !== 'off')
        .map((entry) => toFeedItem(entry, names.get(entry.userId), shareOf(entry)));
    },
  };
}
