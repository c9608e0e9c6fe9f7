import type { Model } from 'mongoose';
import type { QuestDoc, QuestsModels } from '../quests/models.ts';
import type { CalendarFeedDoc } from './models.ts';

/** The feeds' secrets, and the quests a feed shows (read-only over the quests collection). */
export function calendarFeedRepository(
  CalendarFeed: Model<CalendarFeedDoc>,
  { Quest }: QuestsModels,
) {
  return {
    findByUser(userId: string): Promise<CalendarFeedDoc | null> {
      return CalendarFeed.findById(userId).lean<CalendarFeedDoc>();
    },

    findByHash(tokenHash: string): Promise<CalendarFeedDoc | null> {
      return CalendarFeed.findOne({ tokenHash }).lean<CalendarFeedDoc>();
    },

    /** A new secret in place of the old one, in one write: the old link stops working at once. */
    async replace(userId: string, tokenHash: string, tokenSealed: string, now: Date) {
      return CalendarFeed.findOneAndUpdate(
        { _id: userId },
        { $set: { tokenHash, tokenSealed, createdAt: now } },
        { upsert: true, returnDocument: 'after' },
      ).lean<CalendarFeedDoc>();
    },

    /**
     * The user's quests (not deleted) scheduled at a time inside [from, to), or without a time but due
     * inside it; at most `limit`.
     */
    questsBetween(userId: string, from: Date, to: Date, limit: number): Promise<QuestDoc[]> {
      return Quest.find({
        userId,
        deletedAt: null,
        $or: [
          { scheduledTime: { $gte: from, $lt: to } },
          { scheduledTime: null, dueDate: { $gte: from, $lt: to } },
        ],
      })
        .sort({ createdAt: 1, _id: 1 })
        .limit(limit)
        .lean<QuestDoc[]>();
    },
  };
}

export type CalendarFeedRepository = ReturnType<typeof calendarFeedRepository>;
