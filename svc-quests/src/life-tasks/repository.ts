import type {
  CreateLifeTaskRequest,
  EventEnvelope,
  UpdateLifeTaskRequest,
} from '@levelup/contracts';
import { Types } from 'mongoose';
import { outboxEntry, objectId } from '@levelup/service-kit';
import type {
  LifeTaskCompletionDoc,
  LifeTaskCompletionState,
  LifeTaskDoc,
  LifeTaskModels,
  StandingLifeTaskCompletion,
} from './models.ts';

export type LifeTaskCompletionChange = LifeTaskCompletionState & {
  standingCompletion: StandingLifeTaskCompletion;
};

/** Completions Undo took back count for nothing. */
const notUndone = { undoneAt: null };

/** The check-off history (one row per completion event, Undo marks it undone). */
function completionRows(LifeTaskCompletion: LifeTaskModels['LifeTaskCompletion']) {
  return {
    /** The user's completion row of this event (an undone one too), or null. */
    async findCompletion(userId: string, eventId: string): Promise<LifeTaskCompletionDoc | null> {
      return LifeTaskCompletion.findOne({ _id: eventId, userId }).lean<LifeTaskCompletionDoc>();
    },

    /**
     * Marks the completion row undone, writing the row whole when the completion's own write has not
     * landed yet (either order ends as one undone row, keyed by the completion's event id).
     */
    async markCompletionUndone(row: LifeTaskCompletionDoc, undoneAt: Date): Promise<void> {
      const { _id, undoneAt: _ignored, ...fields } = row;
      await LifeTaskCompletion.updateOne(
        { _id },
        { $set: { undoneAt }, $setOnInsert: fields },
        { upsert: true },
      );
    },

    /** The history row, keyed by the event id, so writing it again is harmless. */
    async recordCompletion(row: LifeTaskCompletionDoc): Promise<void> {
      const { _id, ...fields } = row;
      await LifeTaskCompletion.updateOne({ _id }, { $setOnInsert: fields }, { upsert: true });
    },

    async completionsBetween(
      userId: string,
      from: string,
      to: string,
    ): Promise<Array<Pick<LifeTaskCompletionDoc, 'xpEarned' | 'localDate'>>> {
      return LifeTaskCompletion.find({ userId, localDate: { $gte: from, $lte: to }, ...notUndone })
        .select({ xpEarned: 1, localDate: 1 })
        .lean();
    },

    async totalXpEarned(userId: string): Promise<number> {
      const rows = await LifeTaskCompletion.find({ userId, ...notUndone })
        .select({ xpEarned: 1 })
        .lean();
      return rows.reduce((sum, row) => sum + row.xpEarned, 0);
    },
  };
}

/** Reads of the tasks themselves: the list, one task, and which check-offs are still standing. */
function taskReads(LifeTask: LifeTaskModels['LifeTask']) {
  return {
    async list(userId: string, includeCompleted: boolean): Promise<LifeTaskDoc[]> {
      return LifeTask.find({
        userId,
        isActive: true,
        ...(includeCompleted ? {} : { isCompleted: false }),
      })
        .sort({ createdAt: 1, _id: 1 })
        .lean<LifeTaskDoc[]>();
    },

    /** An active life task of this user, or null (another user's task is as unknown as a missing one). */
    async findOwned(userId: string, id: string): Promise<LifeTaskDoc | null> {
      const _id = objectId(id);
      if (!_id) return null;
      return LifeTask.findOne({ _id, userId, isActive: true }).lean<LifeTaskDoc>();
    },

    /** The user's task (a deleted one too) whose standing check-off is this event, or null. */
    async findByStandingCompletion(userId: string, eventId: string): Promise<LifeTaskDoc | null> {
      return LifeTask.findOne({
        userId,
        'standingCompletion.eventId': eventId,
      }).lean<LifeTaskDoc>();
    },

    /** The user's task by id, deleted ones included (Undo tells a deleted task apart). */
    async findAnyOwned(userId: string, id: string): Promise<LifeTaskDoc | null> {
      const _id = objectId(id);
      if (!_id) return null;
      return LifeTask.findOne({ _id, userId }).lean<LifeTaskDoc>();
    },

    /** Which of these event ids are still an active task's standing check-off. */
    async standingCompletions(userId: string, eventIds: readonly string[]): Promise<string[]> {
      const rows = await LifeTask.find({
        userId,
        isActive: true,
        'standingCompletion.eventId': { $in: eventIds },
      })
        .select({ standingCompletion: 1 })
        .lean<Pick<LifeTaskDoc, 'standingCompletion'>[]>();
      return rows.flatMap((row) =>
        row.standingCompletion ? [row.standingCompletion.eventId] : [],
      );
    },

    async countActive(userId: string): Promise<number> {
      return LifeTask.countDocuments({ userId, isActive: true });
    },
  };
}

/** Writes of a task, its outbox events in the same update: create, check-off, Undo, edit, delete. */
function taskWrites(LifeTask: LifeTaskModels['LifeTask']) {
  return {
    /** Creates a task; `eventFor` (given its id) puts an event in its outbox in the same write. */
    async create(
      userId: string,
      input: CreateLifeTaskRequest,
      eventFor?: (task: { _id: Types.ObjectId }) => EventEnvelope | null,
    ): Promise<LifeTaskDoc> {
      const _id = new Types.ObjectId();
      const event = eventFor?.({ _id }) ?? null;
      return (
        await LifeTask.create({
          ...input,
          _id,
          userId,
          ...(event ? { outbox: [outboxEntry(event)] } : {}),
        })
      ).toObject();
    },

    /** The completion and its event in one conditional update; null = lost the race. */
    async applyCompletion(
      task: Pick<LifeTaskDoc, '_id' | 'userId' | 'rev'>,
      change: LifeTaskCompletionChange,
      event: EventEnvelope,
      after: EventEnvelope | null = null,
    ): Promise<LifeTaskDoc | null> {
      const events = after ? [event, after] : [event];
      return LifeTask.findOneAndUpdate(
        { _id: task._id, userId: task.userId, rev: task.rev, isActive: true },
        {
          $set: change,
          $inc: { rev: 1 },
          $push: { outbox: { $each: events.map((e) => outboxEntry(e)) } },
        },
        { returnDocument: 'after' },
      ).lean<LifeTaskDoc>();
    },

    /**
     * Undo of the check-off `eventId`: the state before it comes back and the event goes in the same
     * conditional update, only while that check-off is the task's standing one, so of parallel or
     * repeated Undos exactly one lands (the others answer null).
     */
    async revokeCompletion(
      task: Pick<LifeTaskDoc, '_id' | 'userId'>,
      eventId: string,
      before: LifeTaskCompletionState,
      events: EventEnvelope[],
    ): Promise<LifeTaskDoc | null> {
      return LifeTask.findOneAndUpdate(
        {
          _id: task._id,
          userId: task.userId,
          isActive: true,
          'standingCompletion.eventId': eventId,
        },
        {
          $set: { ...before, standingCompletion: null },
          $inc: { rev: 1 },
          $push: { outbox: { $each: events.map((e) => outboxEntry(e)) } },
        },
        { returnDocument: 'after' },
      ).lean<LifeTaskDoc>();
    },

    /**
     * Edits or snoozes an active task of this user (null when not theirs). It moves no XP and leaves the
     * revision alone, so a completion racing it still lands with what it read.
     */
    async revise(
      userId: string,
      id: string,
      fields: UpdateLifeTaskRequest | Pick<LifeTaskDoc, 'dueDate'>,
      unlessCompleted = false,
      event: EventEnvelope | null = null,
    ): Promise<LifeTaskDoc | null> {
      const _id = objectId(id);
      if (!_id) return null;
      const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      return LifeTask.findOneAndUpdate(
        { _id, userId, isActive: true, ...(unlessCompleted ? { isCompleted: false } : {}) },
        { $set: set, ...(event ? { $push: { outbox: outboxEntry(event) } } : {}) },
        { returnDocument: 'after' },
      ).lean<LifeTaskDoc>();
    },

    /** Deletes (deactivates) the task, with `event` (its reminder cancelled) in the same write. */
    async deactivate(
      userId: string,
      id: string,
      event: EventEnvelope | null = null,
    ): Promise<LifeTaskDoc | null> {
      const _id = objectId(id);
      if (!_id) return null;
      return LifeTask.findOneAndUpdate(
        { _id, userId, isActive: true },
        {
          $set: { isActive: false },
          $inc: { rev: 1 },
          ...(event ? { $push: { outbox: outboxEntry(event) } } : {}),
        },
        { returnDocument: 'after' },
      ).lean<LifeTaskDoc>();
    },
  };
}

/** Life tasks and their check-off history. */
export function lifeTasksRepository({ LifeTask, LifeTaskCompletion }: LifeTaskModels) {
  return {
    ...completionRows(LifeTaskCompletion),
    ...taskReads(LifeTask),
    ...taskWrites(LifeTask),
  };
}

export type LifeTasksRepository = ReturnType<typeof lifeTasksRepository>;
