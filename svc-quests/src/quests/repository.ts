import { Types } from 'mongoose';
import type { CreateQuestRequest, EventEnvelope } from '@levelup/contracts';
import { outboxEntry } from '@levelup/service-kit';
import type { QuestDoc, QuestsModels } from './models.ts';

/** Ids that cannot be ObjectIds are simply unknown (404), never a cast error. */
function objectId(id: string): Types.ObjectId | null {
  return /^[0-9a-fA-F]{24}$/.test(id) ? new Types.ObjectId(id) : null;
}

export type QuestStateChange = Pick<
  QuestDoc,
  'isCompleted' | 'completionType' | 'completedAt' | 'completedLocalDate' | 'awardedXp'
>;

export function questsRepository({ Quest }: QuestsModels) {
  return {
    async create(userId: string, input: CreateQuestRequest): Promise<QuestDoc> {
      const { isOnboarding, ...fields } = input;
      const created = await Quest.create({
        ...fields,
        isOnboarding: isOnboarding ?? false,
        userId,
      });
      return created.toObject();
    },

    /** The signed-in user's quests, oldest first (newest last). */
    async listForUser(userId: string): Promise<QuestDoc[]> {
      return Quest.find({ userId }).sort({ createdAt: 1, _id: 1 }).lean<QuestDoc[]>();
    },

    /** A quest of this user, or null: another user's quest is as unknown as a missing one. */
    async findOwned(userId: string, questId: string): Promise<QuestDoc | null> {
      const _id = objectId(questId);
      if (!_id) return null;
      return Quest.findOne({ _id, userId }).lean<QuestDoc>();
    },

    /**
     * One conditional update: lands only on the revision the caller observed, sets the new state and
     * pushes the event into the outbox together (decision 5). null = another request changed it first.
     */
    async applyStateChange(
      quest: Pick<QuestDoc, '_id' | 'userId' | 'rev'>,
      change: QuestStateChange,
      event: EventEnvelope,
    ): Promise<QuestDoc | null> {
      return Quest.findOneAndUpdate(
        { _id: quest._id, userId: quest.userId, rev: quest.rev },
        { $set: change, $inc: { rev: 1 }, $push: { outbox: outboxEntry(event) } },
        { returnDocument: 'after' },
      ).lean<QuestDoc>();
    },

    async completedForUser(
      userId: string,
    ): Promise<Array<Pick<QuestDoc, 'awardedXp' | 'completedLocalDate'>>> {
      return Quest.find({ userId, isCompleted: true })
        .select({ awardedXp: 1, completedLocalDate: 1 })
        .lean();
    },

    async countForUser(userId: string): Promise<number> {
      return Quest.countDocuments({ userId });
    },
  };
}

export type QuestsRepository = ReturnType<typeof questsRepository>;
