import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type {
  LifeTaskCategory,
  LifeTaskPriority,
  LifeTaskRecurrenceUnit,
} from '@levelup/contracts';
import {
  indexOutbox,
  outboxSchemaFields,
  type OutboxEntry,
  perConnection,
} from '@levelup/service-kit';
import { importSourceRefSchema, type ImportSourceRef } from '../series/models.ts';

/** A life_tasks document. */
export interface LifeTaskDoc {
  _id: Types.ObjectId;
  userId: string;
  title: string;
  notes: string | null;
  dueDate: Date | null;
  isCompleted: boolean;
  completedAt: Date | null;
  /** Local day of the last completion in the user's zone (a recurring task earns once a day). */
  lastCompletedLocalDate: string | null;
  isRecurring: boolean;
  recurrenceType: LifeTaskRecurrenceUnit;
  recurrenceInterval: number;
  lastRecurredAt: Date | null;
  nextDueDate: Date | null;
  maintenanceXp: number;
  category: LifeTaskCategory;
  priority: LifeTaskPriority;
  color: string;
  /** False once deleted: the completions (and the XP they earned) stay in the history. */
  isActive: boolean;
  /** The import batch that created it (Undo import removes the whole batch); null for everything else. */
  importBatchId?: string | null;
  /**
   * The latest check-off while Undo can take it back: its event, the XP it earned and the state it
   * changed, which Undo puts back. Null once undone (and on tasks never checked off).
   */
  standingCompletion?: StandingLifeTaskCompletion | null;
  /** The item of the other app it was imported from, so a later import does not create it again. */
  importSource?: ImportSourceRef | null;
  rev: number;
  createdAt: Date;
  updatedAt: Date;
  outbox: OutboxEntry[];
  outboxLockedUntil: Date | null;
}

/** The fields a check-off changes, as they were before it. */
export type LifeTaskCompletionState = Pick<
  LifeTaskDoc,
  | 'isCompleted'
  | 'completedAt'
  | 'lastCompletedLocalDate'
  | 'dueDate'
  | 'nextDueDate'
  | 'lastRecurredAt'
>;

export interface StandingLifeTaskCompletion {
  eventId: string;
  xpEarned: number;
  localDate: string;
  before: LifeTaskCompletionState;
}

/** life_task_completions: one row per completion, keyed by the event id that carried it. */
export interface LifeTaskCompletionDoc {
  _id: string;
  lifeTaskId: string;
  userId: string;
  xpEarned: number;
  completedAt: Date;
  localDate: string;
  taskTitle: string;
  taskCategory: LifeTaskCategory;
  /** The import batch that created it (Undo import removes the whole batch); null for everything else. */
  importBatchId?: string | null;
  /** When Undo took this completion back: it then counts for nothing (no XP, no day). */
  undoneAt?: Date | null;
}

const lifeTaskSchema = new Schema<LifeTaskDoc>(
  {
    userId: { type: String, required: true },
    title: { type: String, required: true },
    notes: { type: String, default: null },
    dueDate: { type: Date, default: null },
    isCompleted: { type: Boolean, required: true, default: false },
    completedAt: { type: Date, default: null },
    lastCompletedLocalDate: { type: String, default: null },
    isRecurring: { type: Boolean, required: true, default: false },
    recurrenceType: { type: String, required: true, default: 'weeks' },
    recurrenceInterval: { type: Number, required: true, default: 1 },
    lastRecurredAt: { type: Date, default: null },
    nextDueDate: { type: Date, default: null },
    maintenanceXp: { type: Number, required: true, default: 2 },
    category: { type: String, required: true, default: 'personal' },
    priority: { type: String, required: true, default: 'medium' },
    color: { type: String, required: true, default: 'amber' },
    isActive: { type: Boolean, required: true, default: true },
    importBatchId: { type: String, default: null },
    standingCompletion: { type: Schema.Types.Mixed, default: null },
    importSource: { type: importSourceRefSchema, default: null },
    rev: { type: Number, required: true, default: 0 },
    ...outboxSchemaFields,
  },
  { collection: 'life_tasks', timestamps: true, versionKey: false },
);
lifeTaskSchema.index({ userId: 1, isActive: 1, createdAt: 1 });
lifeTaskSchema.index({ userId: 1, 'importSource.app': 1, 'importSource.id': 1 });
indexOutbox(lifeTaskSchema);

const lifeTaskCompletionSchema = new Schema<LifeTaskCompletionDoc>(
  {
    _id: { type: String, required: true },
    lifeTaskId: { type: String, required: true },
    userId: { type: String, required: true },
    xpEarned: { type: Number, required: true, default: 2 },
    completedAt: { type: Date, required: true },
    localDate: { type: String, required: true },
    taskTitle: { type: String, required: true },
    taskCategory: { type: String, required: true },
    importBatchId: { type: String, default: null },
    undoneAt: { type: Date, default: null },
  },
  { collection: 'life_task_completions', versionKey: false },
);
lifeTaskCompletionSchema.index({ userId: 1, localDate: 1 });

export interface LifeTaskModels {
  LifeTask: Model<LifeTaskDoc>;
  LifeTaskCompletion: Model<LifeTaskCompletionDoc>;
}

export const lifeTaskModels: (db: Connection) => LifeTaskModels = perConnection((db) => ({
  LifeTask: db.model<LifeTaskDoc>('LifeTask', lifeTaskSchema),
  LifeTaskCompletion: db.model<LifeTaskCompletionDoc>(
    'LifeTaskCompletion',
    lifeTaskCompletionSchema,
  ),
}));

export async function ensureLifeTaskIndexes(models: LifeTaskModels): Promise<void> {
  await Promise.all([models.LifeTask.init(), models.LifeTaskCompletion.init()]);
}
