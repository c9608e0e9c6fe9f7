import { Schema, type Connection, type Model } from 'mongoose';
import { perConnection } from '@levelup/service-kit';
import type { CompletionType } from '@levelup/contracts';

/**
 * svc-goals' read model of svc-quests' series and occurrences, fed by quests.* events (architecture: the
 * link dialog and the journey never call svc-quests or read its database). `at` and `seq` are the
 * position of the last event applied (shared/event-order.ts).
 */
export interface SeriesViewDoc {
  _id: string;
  userId: string;
  title: string;
  isActive: boolean;
  deleted: boolean;
  at: Date;
  seq: number;
}

const seriesViewSchema = new Schema<SeriesViewDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    title: { type: String, required: true },
    isActive: { type: Boolean, required: true, default: true },
    deleted: { type: Boolean, required: true, default: false },
    at: { type: Date, required: true },
    seq: { type: Number, required: true },
  },
  { collection: 'quest_series_views', versionKey: false },
);
seriesViewSchema.index({ userId: 1 });

export interface OccurrenceViewDoc {
  _id: string;
  userId: string;
  seriesId: string;
  title: string;
  /** The local day it is scheduled on; null until its occurrence_scheduled event arrived. */
  scheduledFor: string | null;
  completionType: CompletionType;
  /** When it became done (partial or completed) last; null while not done. */
  doneAt: Date | null;
  /** Position of the completion event applied last (scheduling does not move it). */
  at: Date;
  seq: number;
}

const occurrenceViewSchema = new Schema<OccurrenceViewDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    seriesId: { type: String, required: true },
    title: { type: String, required: true },
    scheduledFor: { type: String, default: null },
    completionType: { type: String, required: true, default: 'not_completed' },
    doneAt: { type: Date, default: null },
    at: { type: Date, required: true },
    seq: { type: Number, required: true },
  },
  { collection: 'quest_occurrence_views', versionKey: false },
);
occurrenceViewSchema.index({ seriesId: 1, scheduledFor: 1 });

export interface QuestViewModels {
  SeriesView: Model<SeriesViewDoc>;
  OccurrenceView: Model<OccurrenceViewDoc>;
}

export const questViewModels: (db: Connection) => QuestViewModels = perConnection((db) => ({
  SeriesView: db.model<SeriesViewDoc>('SeriesView', seriesViewSchema),
  OccurrenceView: db.model<OccurrenceViewDoc>('OccurrenceView', occurrenceViewSchema),
}));
