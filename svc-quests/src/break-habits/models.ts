import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { perConnection } from '@levelup/service-kit';
import { importSourceRefSchema, type ImportSourceRef } from '../series/models.ts';

/** A break_habits document: a habit the user wants to stop, without its slips. */
export interface BreakHabitDoc {
  _id: Types.ObjectId;
  userId: string;
  title: string;
  description: string;
  tags: string[];
  /** The user's local day it was created on (or the first day of its imported history). */
  startDate: string;
  /** The import batch that created it (Undo import removes it); null for everything else. */
  importBatchId?: string | null;
  /** The item of the other app it was imported from, so a later import does not create it again. */
  importSource?: ImportSourceRef | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * break_habit_slips: one row per habit and local day with that day's count. A slip is an atomic
 * `$inc` of the row (an upsert), so parallel slips each count once; a row at 0 is removed.
 */
export interface BreakHabitSlipDoc {
  _id: Types.ObjectId;
  userId: string;
  habitId: string;
  date: string;
  count: number;
  /** The import batch that brought this day's slips (Undo import removes them); else null. */
  importBatchId?: string | null;
}

const breakHabitSchema = new Schema<BreakHabitDoc>(
  {
    userId: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, default: '' },
    tags: { type: [String], default: [] },
    startDate: { type: String, required: true },
    importBatchId: { type: String, default: null },
    importSource: { type: importSourceRefSchema, default: null },
  },
  { collection: 'break_habits', timestamps: true, versionKey: false },
);
breakHabitSchema.index({ userId: 1, createdAt: 1 });
breakHabitSchema.index({ userId: 1, 'importSource.app': 1, 'importSource.id': 1 });

const breakHabitSlipSchema = new Schema<BreakHabitSlipDoc>(
  {
    userId: { type: String, required: true },
    habitId: { type: String, required: true },
    date: { type: String, required: true },
    count: { type: Number, required: true, default: 0 },
    importBatchId: { type: String, default: null },
  },
  { collection: 'break_habit_slips', versionKey: false },
);
breakHabitSlipSchema.index({ habitId: 1, date: 1 }, { unique: true });
breakHabitSlipSchema.index({ userId: 1, habitId: 1 });

export interface BreakHabitModels {
  BreakHabit: Model<BreakHabitDoc>;
  BreakHabitSlip: Model<BreakHabitSlipDoc>;
}

export const breakHabitModels: (db: Connection) => BreakHabitModels = perConnection((db) => ({
  BreakHabit: db.model<BreakHabitDoc>('BreakHabit', breakHabitSchema),
  BreakHabitSlip: db.model<BreakHabitSlipDoc>('BreakHabitSlip', breakHabitSlipSchema),
}));

export async function ensureBreakHabitIndexes(models: BreakHabitModels): Promise<void> {
  await Promise.all([models.BreakHabit.init(), models.BreakHabitSlip.init()]);
}
