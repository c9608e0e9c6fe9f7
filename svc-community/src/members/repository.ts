import { shareCompletionsOf, type ShareCompletions } from '@levelup/contracts';
import { isDuplicateKeyError } from '@levelup/service-kit';
import type { CommunityModels, MemberDoc } from '../models.ts';

/** The name a member shows: display name, else username, else 'Anonymous User'. */
export function memberName(
  member: Pick<MemberDoc, 'displayName' | 'username'> | undefined,
): string {
  return member?.displayName?.trim() || member?.username?.trim() || 'Anonymous User';
}

/** Members' names from the identity read model, and who each member muted. */
export function membersRepository({ Member, Mute }: Pick<CommunityModels, 'Member' | 'Mute'>) {
  return {
    async namesOf(userIds: Iterable<string>): Promise<Map<string, string>> {
      const ids = [...new Set(userIds)];
      const members = ids.length
        ? await Member.find({ _id: { $in: ids } }).lean<MemberDoc[]>()
        : [];
      const byId = new Map(members.map((member) => [member._id, member]));
      return new Map(ids.map((id) => [id, memberName(byId.get(id))]));
    },

    /** Each member's sharing choice (the default for those who made none). */
    async sharesOf(userIds: Iterable<string>): Promise<Map<string, ShareCompletions>> {
      const ids = [...new Set(userIds)];
      const members = ids.length
        ? await Member.find({ _id: { $in: ids } })
            .select({ shareCompletions: 1 })
            .lean<Array<Pick<MemberDoc, '_id' | 'shareCompletions'>>>()
        : [];
      const byId = new Map(members.map((member) => [member._id, member.shareCompletions]));
      return new Map(ids.map((id) => [id, shareCompletionsOf(byId.get(id))]));
    },

    async shareOf(userId: string): Promise<ShareCompletions> {
      return (await this.sharesOf([userId])).get(userId)!;
    },

    /** Upserted: a member may choose before svc-community heard of their name. */
    async setShare(userId: string, share: ShareCompletions): Promise<void> {
      await Member.updateOne(
        { _id: userId },
        { $set: { shareCompletions: share } },
        { upsert: true },
      ).catch((err: unknown) => {
        if (!isDuplicateKeyError(err)) throw err;
        return Member.updateOne({ _id: userId }, { $set: { shareCompletions: share } });
      });
    },

    /** The members who share nothing of their completions. */
    async notSharing(): Promise<string[]> {
      const rows = await Member.find({ shareCompletions: 'off' })
        .select({ _id: 1 })
        .lean<Array<{ _id: string }>>();
      return rows.map((row) => row._id);
    },

    async mutedBy(userId: string): Promise<string[]> {
      const mutes = await Mute.find({ userId }).sort({ createdAt: 1 }).lean();
      return mutes.map((mute) => mute.mutedUserId);
    },

    /** Once per pair: the id is the pair, so a repeated or concurrent mute is one row. */
    async mute(userId: string, mutedUserId: string): Promise<void> {
      await Mute.updateOne(
        { _id: `${userId}:${mutedUserId}` },
        { $setOnInsert: { userId, mutedUserId, createdAt: new Date() } },
        { upsert: true },
      ).catch((err: unknown) => {
        // Two mutes raced on the upsert: the row is there.
        if (!isDuplicateKeyError(err)) throw err;
      });
    },

    async unmute(userId: string, mutedUserId: string): Promise<void> {
      await Mute.deleteOne({ _id: `${userId}:${mutedUserId}` });
    },
  };
}
export type MembersRepository = ReturnType<typeof membersRepository>;
