import { Types } from 'mongoose';
import type { CreateBreakHabitRequest, UpdateBreakHabitRequest } from '@levelup/contracts';
import { isDuplicateKeyError, objectId } from '@levelup/service-kit';
import type { BreakHabitDoc, BreakHabitModels, BreakHabitSlipDoc } from './models.ts';

export type SlipRow = Pick<BreakHabitSlipDoc, 'habitId' | 'date' | 'count'>;

/** Habits to break and their per-day slip counts. */
export function breakHabitsRepository({ BreakHabit, BreakHabitSlip }: BreakHabitModels) {
  return {
    async list(userId: string): Promise<BreakHabitDoc[]> {
      return BreakHabit.find({ userId }).sort({ createdAt: 1, _id: 1 }).lean<BreakHabitDoc[]>();
    },

    /** The user's habit, or null (another user's is as unknown as a missing one). */
    async findOwned(userId: string, id: string): Promise<BreakHabitDoc | null> {
      const _id = objectId(id);
      if (!_id) return null;
      return BreakHabit.findOne({ _id, userId }).lean<BreakHabitDoc>();
    },

    async create(
      userId: string,
      input: CreateBreakHabitRequest,
      startDate: string,
    ): Promise<BreakHabitDoc> {
      const doc = await BreakHabit.create({
        ...input,
        _id: new Types.ObjectId(),
        userId,
        startDate,
      });
      return doc.toObject();
    },

    async update(
      userId: string,
      id: string,
      changes: UpdateBreakHabitRequest,
    ): Promise<BreakHabitDoc | null> {
      const _id = objectId(id);
      if (!_id) return null;
      return BreakHabit.findOneAndUpdate(
        { _id, userId },
        { $set: changes },
        { returnDocument: 'after' },
      ).lean<BreakHabitDoc>();
    },

    /**
     * Removes the habit and its slips; false when the user has no such habit. The habit goes first: a
     * crash between the two leaves slips no habit shows (harmless, read only through their habit),
     * never a habit whose history was wiped while its delete reported a failure.
     */
    async remove(userId: string, id: string): Promise<boolean> {
      const _id = objectId(id);
      if (!_id) return false;
      const { deletedCount } = await BreakHabit.deleteOne({ _id, userId });
      if (deletedCount === 0) return false;
      await BreakHabitSlip.deleteMany({ userId, habitId: id });
      return true;
    },

    /** The slip rows of these habits. */
    async slipsOf(userId: string, habitIds: string[]): Promise<SlipRow[]> {
      return BreakHabitSlip.find({ userId, habitId: { $in: habitIds }, count: { $gt: 0 } })
        .select({ habitId: 1, date: 1, count: 1 })
        .lean<SlipRow[]>();
    },

    /**
     * One slip more on the day: an atomic `$inc` of the (habit, day) row, created by the upsert. Two
     * first slips of a day racing may both try the insert; the unique index refuses one, and its retry
     * increments the row the other made.
     */
    async addSlip(userId: string, habitId: string, date: string): Promise<void> {
      const add = () =>
        BreakHabitSlip.updateOne(
          { habitId, date },
          { $inc: { count: 1 }, $setOnInsert: { userId } },
          { upsert: true },
        );
      try {
        await add();
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        await add();
      }
    },

    /** One slip fewer on the day (a row left at 0 goes); false when the day had none. */
    async removeSlip(userId: string, habitId: string, date: string): Promise<boolean> {
      const taken = await BreakHabitSlip.findOneAndUpdate(
        { habitId, userId, date, count: { $gte: 1 } },
        { $inc: { count: -1 } },
        { returnDocument: 'after' },
      ).lean<BreakHabitSlipDoc>();
      if (!taken) return false;
      await BreakHabitSlip.deleteMany({ habitId, date, count: { $lte: 0 } });
      return true;
    },
  };
}

export type BreakHabitsRepository = ReturnType<typeof breakHabitsRepository>;
