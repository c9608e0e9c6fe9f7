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
