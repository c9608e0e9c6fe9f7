import { Schema, type Connection, type Model } from 'mongoose';
import {
  EVENTS,
  isGoalEvent,
  localDate,
  type EventEnvelope,
  type GoalStatus,
} from '@levelup/contracts';
import { isDuplicateKeyError, perConnection } from '@levelup/service-kit';
import type { UserZones } from '../users/user-zones.ts';

/**
 * Read model of goals fed by svc-goals' events (architecture: the overview's goal counts and the
 * calendar's goals come from here, never from svc-goals' database or a call to it).
 */
export interface GoalStateDoc {
  _id: string;
  userId: string;
  title: string;
  status: GoalStatus;
  deleted: boolean;
  /** Local day the goal was completed in the user's zone, or null. */
  completedLocalDate: string | null;
  /** occurredAt of the event applied last: an older event arriving late changes nothing. */
  occurredAt: Date;
}

const goalStateSchema = new Schema<GoalStateDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    title: { type: String, required: true },
    status: { type: String, required: true },
    deleted: { type: Boolean, required: true, default: false },
    completedLocalDate: { type: String, default: null },
    occurredAt: { type: Date, required: true },
  },
  { collection: 'goal_states', versionKey: false },
);
goalStateSchema.index({ userId: 1, status: 1 });
goalStateSchema.index({ userId: 1, completedLocalDate: 1 });

export const goalStateModel: (db: Connection) => Model<GoalStateDoc> = perConnection((db) =>
  db.model<GoalStateDoc>('GoalState', goalStateSchema),
);

/** A goal as it is after each change: what the calendar and the counts read. */
export const GOAL_STATE_EVENTS = [
  EVENTS.goalCreated,
  EVENTS.goalChanged,
  EVENTS.goalCompleted,
] as const;

export function goalStates(GoalState: Model<GoalStateDoc>, zones: UserZones) {
  return {
    /** Idempotent and order-proof: the newest event (by occurredAt) wins. */
    async apply(event: EventEnvelope): Promise<void> {
      // The bus validated the event with its EVENTS entry's schema.
      if (!isGoalEvent(event)) return;
      const data = event.data;
      const occurredAt = new Date(event.occurredAt);
      const completedLocalDate =
        data.status !== 'completed'
          ? null
          : (data.localDate ??
            localDate(
              new Date(data.completedAt ?? event.occurredAt),
              await zones.timeZoneOf(data.userId),
            ));
      try {
        await GoalState.updateOne(
          { _id: data.goalId, occurredAt: { $lte: occurredAt } },
          {
            $set: {
              userId: data.userId,
              title: data.title,
              status: data.status,
              deleted: data.deleted ?? false,
              completedLocalDate,
              occurredAt,
            },
          },
          { upsert: true },
        );
      } catch (err) {
        // The goal exists with a newer event already applied: this one is stale.
        if (!isDuplicateKeyError(err)) throw err;
      }
    },

    async counts(userId: string): Promise<{ active: number; completed: number }> {
      const [active, completed] = await Promise.all([
        GoalState.countDocuments({ userId, status: 'active', deleted: false }),
        GoalState.countDocuments({ userId, status: 'completed', deleted: false }),
      ]);
      return { active, completed };
    },

    async completedBetween(
      userId: string,
      from: string,
      to: string,
    ): Promise<Array<Pick<GoalStateDoc, '_id' | 'title' | 'completedLocalDate'>>> {
      return GoalState.find({
        userId,
        status: 'completed',
        deleted: false,
        completedLocalDate: { $gte: from, $lte: to },
      })
        .select({ title: 1, completedLocalDate: 1 })
        .sort({ completedLocalDate: 1, _id: 1 })
        .lean();
    },
  };
}

export type GoalStates = ReturnType<typeof goalStates>;
