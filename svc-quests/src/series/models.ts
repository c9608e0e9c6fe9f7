import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type {
  Cadence,
  ChecklistTemplateStep,
  GrowthPath,
  Measure,
  MonthlyBy,
  QuestCategory,
  QuestDifficulty,
  SeriesPause,
  TimeOfDay,
} from '@levelup/contracts';
import {
  indexOutbox,
  outboxSchemaFields,
  type OutboxEntry,
  perConnection,
} from '@levelup/service-kit';

/** A quest_recurring_series document. */
export interface SeriesDoc {
  _id: Types.ObjectId;
  userId: string;
  title: string;
  description: string;
  difficulty: QuestDifficulty;
  xpReward: number;
  timeEstimate: string | null;
  category: QuestCategory | null;
  timeOfDay: TimeOfDay;
  growthPath: GrowthPath | null;
  recurrenceType: Cadence;
  recurrenceInterval: number;
  weeklyPattern: number[] | null;
  monthlyBy: MonthlyBy;
  /** A measurable routine's daily target; null (or absent, before measurable routines) for done or not. */
  measure?: Measure | null;
  /** Words to find the routine by (absent on series made before routines had tags: none). */
  tags?: string[];
  /** The steps each day gets its own unticked copy of (absent before routines had steps: none). */
  checklist?: ChecklistTemplateStep[];
  /** The user's choice: the tick leaving every step of a day done completes that day. */
  completeWhenChecklistDone?: boolean;
  startDate: Date;
  endDate: Date | null;
  /** The start and end as local days in the user's zone when created: the schedule is on local days. */
  startLocalDate: string;
  endLocalDate: string | null;
  /** Local days the series was paused; the open one (to null) means it is paused now. */
  pauses: SeriesPause[];
  /** False while paused. */
  isActive: boolean;
  /** Set on delete: gone from every list and call; its done occurrences stay in the history. */
  deletedAt: Date | null;
  /**
   * Occurrences earlier schedules had up to the day before the current one started (a schedule edit
   * starts a new one tomorrow), so "quests created" keeps counting them.
   */
  scheduledBefore: number;
  /** The import batch that created it (Undo import removes the whole batch); null for everything else. */
  importBatchId?: string | null;
  /** The item of the other app it was imported from, so a later import adds only what is new. */
  importSource?: ImportSourceRef | null;
  rev: number;
  createdAt: Date;
  updatedAt: Date;
  outbox: OutboxEntry[];
  outboxLockedUntil: Date | null;
}

/** An imported item's origin: the app ('loop', 'habitica') and its id there. */
export interface ImportSourceRef {
  app: string;
  id: string;
}
export const importSourceRefSchema = new Schema<ImportSourceRef>(
  { app: { type: String, required: true }, id: { type: String, required: true } },
  { _id: false },
);

/** A measurable routine's target, on the series and copied to each of its days. */
export const measureFieldSchema = new Schema<Measure>(
  {
    rule: { type: String, required: true },
    target: { type: Number, required: true },
    unit: { type: String, required: true },
    // Absent on targets set before weeks: a day.
    period: { type: String, required: false },
  },
  { _id: false },
);

/** A routine's step: its id (its days' copies keep it, so an edit finds their ticks) and text. */
const templateStepSchema = new Schema<ChecklistTemplateStep>(
  { id: { type: String, required: true }, text: { type: String, required: true } },
  { _id: false },
);

const seriesSchema = new Schema<SeriesDoc>(
  {
    userId: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, required: true },
    difficulty: { type: String, required: true },
    xpReward: { type: Number, required: true },
    timeEstimate: { type: String, default: null },
    category: { type: String, default: null },
    timeOfDay: { type: String, required: true, default: 'anytime' },
    growthPath: { type: String, default: null },
    recurrenceType: { type: String, required: true },
    recurrenceInterval: { type: Number, required: true, default: 1 },
    weeklyPattern: { type: [Number], default: null },
    monthlyBy: { type: String, required: true, default: 'day_of_month' },
    measure: { type: measureFieldSchema, default: null },
    tags: { type: [String], default: [] },
    checklist: { type: [templateStepSchema], default: [] },
    completeWhenChecklistDone: { type: Boolean, default: false },
    startDate: { type: Date, required: true },
    endDate: { type: Date, default: null },
    startLocalDate: { type: String, required: true },
    endLocalDate: { type: String, default: null },
    pauses: {
      type: [new Schema({ from: String, to: { type: String, default: null } }, { _id: false })],
      default: [],
    },
    isActive: { type: Boolean, required: true, default: true },
    deletedAt: { type: Date, default: null },
    scheduledBefore: { type: Number, required: true, default: 0 },
    importBatchId: { type: String, default: null },
    importSource: { type: importSourceRefSchema, default: null },
    rev: { type: Number, required: true, default: 0 },
    ...outboxSchemaFields,
  },
  { collection: 'quest_recurring_series', timestamps: true, versionKey: false },
);
seriesSchema.index({ userId: 1, createdAt: 1 });
// The series a member keeps, counted against their quota before each create.
seriesSchema.index({ userId: 1, deletedAt: 1 });
seriesSchema.index({ userId: 1, 'importSource.app': 1, 'importSource.id': 1 });
indexOutbox(seriesSchema);

export const seriesModel: (db: Connection) => Model<SeriesDoc> = perConnection((db) =>
  db.model<SeriesDoc>('Series', seriesSchema),
);
