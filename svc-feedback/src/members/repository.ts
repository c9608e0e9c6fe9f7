import type { Model } from 'mongoose';
import type { MemberDoc } from './models.ts';

export type MemberName = Pick<MemberDoc, 'displayName' | 'username'>;

/** Members' names from the identity read model. */
export function membersRepository({ Member }: { Member: Model<MemberDoc> }) {
  return {
    async namesOf(userIds: Iterable<string>): Promise<Map<string, MemberName>> {
      const ids = [...new Set(userIds)];
      const members = ids.length
        ? await Member.find({ _id: { $in: ids } }).lean<MemberDoc[]>()
        : [];
      return new Map(
        members.map((m) => [m._id, { displayName: m.displayName, username: m.username }]),
      );
    },

    /** Idempotent: an event that comes twice writes the same names. */
    async upsert(userId: string, name: MemberName): Promise<void> {
      await Member.updateOne({ _id: userId }, { $set: name }, { upsert: true });
    },
  };
}
export type MembersRepository = ReturnType<typeof membersRepository>;
