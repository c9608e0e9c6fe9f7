import type { Types } from 'mongoose';
import type { EventEnvelope } from '@levelup/contracts';
import { objectId, onlyDuplicateKeyErrors, outboxEntry } from '@levelup/service-kit';
import type { GoalDoc, GoalModels, GoalProgressDoc } from './models.ts';

export type NewGoal = Pick<
  GoalDoc,
  | 'userId'
  | 'title'
  | 'description'
  | 'theme'
  | 'targetXp'
  | 'cadence'
  | 'status'
  | 'icon'
  | 'color'
  | 'completedAt'
>;

/** What one change writes: fields to set, a credit to record, and the events it causes (one update). */
export interface GoalWrite {
  set: Partial<Omit<GoalDoc, '_id' | 'rev' | 'credits' | 'outbox'>>;
  credit?: { key: string; xp: number };
  events: EventEnvelope[];
}

export function goalsRepository({ Goal, GoalProgress }: GoalModels) {
  return {
    /** The goal and its goals.created event in one insert. */
    async create(goal: NewGoal, event: (id: Types.ObjectId) => EventEnvelope): Promise<GoalDoc> {
      const doc = new Goal({ ...goal, currentXp: 0, credits: {} });
      doc.outbox = [outboxEntry(event(doc._id))];
      await doc.save();
      return doc.toObject();
    },

    /** How many goals the member keeps (not deleted): what their quota counts. */
    async countKept(userId: string): Promise<number> {
      return Goal.countDocuments({ userId, deletedAt: null });
    },

    async listForUser(userId: string): Promise<GoalDoc[]> {
      return Goal.find({ userId, deletedAt: null })
        .sort({ createdAt: 1, _id: 1 })
        .lean<GoalDoc[]>();
    },

    /** The user's goal, or null for unknown, deleted and other users' goals alike (404). */
    async findOwned(userId: string, id: string): Promise<GoalDoc | null> {
      const _id = objectId(id);
      if (!_id) return null;
      return Goal.findOne({ _id, userId, deletedAt: null }).lean<GoalDoc>();
    },

    /** Applies a change on the revision read; null when another change came first (read again). */
    async apply(goal: Pick<GoalDoc, '_id' | 'rev'>, write: GoalWrite): Promise<GoalDoc | null> {
      const set: Record<string, unknown> = { ...write.set };
      if (write.credit) set[`credits.${write.credit.key}`] = write.credit.xp;
      return Goal.findOneAndUpdate(
        { _id: goal._id, rev: goal.rev, deletedAt: null },
        {
          $set: set,
          $inc: { rev: 1 },
          $push: { outbox: { $each: write.events.map((event) => outboxEntry(event)) } },
        },
        { returnDocument: 'after' },
      ).lean<GoalDoc>();
    },

    /**
     * goal_progress_events rows in one unordered bulk write; rows already there stay as they are (the
     * same event id twice is one row, also when two writers race on its upsert).
     */
    async recordProgressRows(rows: readonly GoalProgressDoc[]): Promise<void> {
      if (rows.length === 0) return;
      try {
        await GoalProgress.bulkWrite(
          rows.map(({ _id, ...fields }) => ({
            updateOne: { filter: { _id }, update: { $setOnInsert: fields }, upsert: true },
          })) as never,
          { ordered: false },
        );
      } catch (err) {
        if (!onlyDuplicateKeyErrors(err)) throw err;
      }
    },

    async progressOf(goalId: string): Promise<GoalProgressDoc[]> {
      return GoalProgress.find({ goalId })
        .sort({ occurredAt: 1, _id: 1 })
        .lean<GoalProgressDoc[]>();
    },
  };
}

export type GoalsRepository = ReturnType<typeof goalsRepository>;
