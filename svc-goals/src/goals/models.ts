import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { Cadence, GoalProgressSource, GoalStatus, GoalTheme } from '@levelup/contracts';
import {
  indexOutbox,
  outboxSchemaFields,
  type OutboxEntry,
  perConnection,
} from '@levelup/service-kit';

/** goals (shared data-model tables). */
export interface GoalDoc {
  _id: Types.ObjectId;
  userId: string;
  title: string;
  description: string | null;
  theme: GoalTheme;
  targetXp: number;
  currentXp: number;
  cadence: Cadence;
  status: GoalStatus;
  icon: string | null;
  color: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  /** Set by DELETE: the goal is gone for the user, the document stays until its events are out. */
  deletedAt: Date | null;
  /** Bumped by every change; a change applies only on the revision it read (no lost update). */
  rev: number;
  /**
   * XP each linked occurrence has given this goal, by creditKey(occurrenceId): undoing takes back exactly
   * this, and a repeated or late event finds nothing left to move (exactly once).
   */
  credits: Record<string, number>;
  outbox: OutboxEntry[];
  outboxLockedUntil: Date | null;
}

const goalSchema = new Schema<GoalDoc>(
  {
    userId: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, default: null },
    theme: { type: String, required: true },
    targetXp: { type: Number, required: true },
    currentXp: { type: Number, required: true, default: 0 },
    cadence: { type: String, required: true },
    status: { type: String, required: true, default: 'active' },
    icon: { type: String, default: null },
    color: { type: String, required: true, default: 'blue' },
    isActive: { type: Boolean, default: true },
    completedAt: { type: Date, default: null },
    deletedAt: { type: Date, default: null },
    rev: { type: Number, required: true, default: 0 },
    credits: { type: Schema.Types.Mixed, default: {} },
    ...outboxSchemaFields,
  },
  { collection: 'goals', timestamps: true, versionKey: false, minimize: false },
);
goalSchema.index({ userId: 1, createdAt: 1 });
// The goals a member keeps, counted against their quota before each create.
goalSchema.index({ userId: 1, deletedAt: 1 });
indexOutbox(goalSchema);

/** Field names cannot hold '.' or start with '$': occurrence ids are escaped the URI way. */
export function creditKey(occurrenceId: string): string {
  return encodeURIComponent(occurrenceId).replaceAll('.', '%2E');
}

/** goal_progress_events: one row per XP change, keyed by the goals.progressed event id. */
export interface GoalProgressDoc {
  _id: string;
  goalId: string;
  userId: string;
  deltaXp: number;
  source: GoalProgressSource;
  sourceId: string | null;
  isCompletion: boolean;
  occurredAt: Date;
  goalTitle: string;
  goalCurrentXp: number;
  goalTargetXp: number;
}

const goalProgressSchema = new Schema<GoalProgressDoc>(
  {
    _id: { type: String, required: true },
    goalId: { type: String, required: true },
    userId: { type: String, required: true },
    deltaXp: { type: Number, required: true },
    source: { type: String, required: true, default: 'manual' },
    sourceId: { type: String, default: null },
    isCompletion: { type: Boolean, required: true, default: false },
    occurredAt: { type: Date, required: true },
    goalTitle: { type: String, required: true },
    goalCurrentXp: { type: Number, required: true },
    goalTargetXp: { type: Number, required: true },
  },
  { collection: 'goal_progress_events', versionKey: false },
);
goalProgressSchema.index({ goalId: 1, occurredAt: 1 });

export interface GoalModels {
  Goal: Model<GoalDoc>;
  GoalProgress: Model<GoalProgressDoc>;
}

export const goalModels: (db: Connection) => GoalModels = perConnection((db) => ({
  Goal: db.model<GoalDoc>('Goal', goalSchema),
  GoalProgress: db.model<GoalProgressDoc>('GoalProgress', goalProgressSchema),
}));

/** Kept for callers that only need goals. */
export function goalModel(db: Connection): Model<GoalDoc> {
  return goalModels(db).Goal;
}
