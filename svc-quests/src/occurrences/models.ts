import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type {
  ChecklistStep,
  CompletionType,
  GrowthPath,
  Measure,
  QuestCategory,
  QuestDifficulty,
  TimeOfDay,
} from '@levelup/contracts';
import {
  indexOutbox,
  outboxSchemaFields,
  type OutboxEntry,
  perConnection,
} from '@levelup/service-kit';
import { checklistStepSchema } from '../quests/models.ts';
import { measureFieldSchema } from '../series/models.ts';

/** quest_occurrences: one per series and local day. */
export interface OccurrenceDoc {
  _id: Types.ObjectId;
  seriesId: string;
  userId: string;
  title: string;
  description: string;
  difficulty: QuestDifficulty;
  xpReward: number;
  timeEstimate: string | null;
  category: QuestCategory | null;
  timeOfDay: TimeOfDay;
  growthPath: GrowthPath | null;
  /** The local day 'YYYY-MM-DD' in the user's zone; unique with seriesId. */
  scheduledFor: string;
  isCompleted: boolean;
  completionType: CompletionType;
  progressNotes: string | null;
  partialXpEarned: number;
  awardedXp: number;
  completedAt: Date | null;
  completedLocalDate: string | null;
  hiddenFromDashboard: boolean;
  /** Skipped on purpose: earns nothing and does not break the day streak. */
  skipped: boolean;
  /** A measurable routine's target for this day (the series' when the day was made or last revised). */
  measure?: Measure | null;
  /** The amount entered for the day; null before one is (and for a done-or-not routine). */
  amount?: number | null;
  /** A per-week target's total from Monday to this day, as the week was last judged (judgeMeasuredDays). */
  weekTotal?: number | null;
  /** The day's own copy of its routine's steps, with its ticks (absent on days made before: none). */
  checklist?: ChecklistStep[];
  /** The routine's choice when the day was made or last revised: the last tick completes the day. */
  completeWhenChecklistDone?: boolean;
  /** Bumped by every change of the steps: an edit of the routine's list lands only on the one it read. */
  checklistRev?: number;
  /** The event of the completion now standing (what Undo takes back); null while not completed. */
  completionEventId: string | null;
  /** The latest completion events (at most COMPLETION_EVENTS_KEPT), to find the occurrence from one. */
  completionEventIds: string[];
  /** The import batch that created it (Undo import removes the whole batch); null for everything else. */
  importBatchId?: string | null;
  rev: number;
  createdAt: Date;
  outbox: OutboxEntry[];
  outboxLockedUntil: Date | null;
}

const occurrenceSchema = new Schema<OccurrenceDoc>(
  {
    seriesId: { type: String, required: true },
    userId: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, required: true },
    difficulty: { type: String, required: true },
    xpReward: { type: Number, required: true },
    timeEstimate: { type: String, default: null },
    category: { type: String, default: null },
    timeOfDay: { type: String, required: true, default: 'anytime' },
    growthPath: { type: String, default: null },
    scheduledFor: { type: String, required: true },
    isCompleted: { type: Boolean, required: true, default: false },
    completionType: { type: String, required: true, default: 'not_completed' },
    progressNotes: { type: String, default: null },
    partialXpEarned: { type: Number, required: true, default: 0 },
    awardedXp: { type: Number, required: true, default: 0 },
    completedAt: { type: Date, default: null },
    completedLocalDate: { type: String, default: null },
    hiddenFromDashboard: { type: Boolean, required: true, default: false },
    skipped: { type: Boolean, required: true, default: false },
    measure: { type: measureFieldSchema, default: null },
    amount: { type: Number, default: null },
    weekTotal: { type: Number, default: null },
    checklist: { type: [checklistStepSchema], default: [] },
    completeWhenChecklistDone: { type: Boolean, default: false },
    checklistRev: { type: Number, default: 0 },
    completionEventId: { type: String, default: null },
    completionEventIds: { type: [String], default: [] },
    importBatchId: { type: String, default: null },
    rev: { type: Number, required: true, default: 0 },
    ...outboxSchemaFields,
  },
  {
    collection: 'quest_occurrences',
    timestamps: { createdAt: true, updatedAt: false },
    versionKey: false,
  },
);
occurrenceSchema.index({ seriesId: 1, scheduledFor: 1 }, { unique: true });
occurrenceSchema.index({ userId: 1, scheduledFor: 1 });
occurrenceSchema.index({ userId: 1, completedLocalDate: 1 });
occurrenceSchema.index({ userId: 1, completionEventIds: 1 });
indexOutbox(occurrenceSchema);

export const occurrenceModel: (db: Connection) => Model<OccurrenceDoc> = perConnection((db) =>
  db.model<OccurrenceDoc>('Occurrence', occurrenceSchema),
);
