import type { Model } from 'mongoose';
import type { EventEnvelope, SeriesPause } from '@levelup/contracts';
import { outboxEntry, objectId } from '@levelup/service-kit';
import type { SeriesDoc } from './models.ts';

export type NewSeries = Omit<
  SeriesDoc,
  | '_id'
  | 'rev'
  | 'createdAt'
  | 'updatedAt'
  | 'outbox'
  | 'outboxLockedUntil'
  | 'deletedAt'
  | 'scheduledBefore'
>;

/** What an edit may set on a series. */
export type SeriesRevision = Partial<
  Pick<
    SeriesDoc,
    | 'title'
    | 'description'
    | 'difficulty'
    | 'xpReward'
    | 'timeEstimate'
    | 'category'
    | 'measure'
    | 'tags'
    | 'checklist'
    | 'completeWhenChecklistDone'
    | 'timeOfDay'
    | 'growthPath'
    | 'recurrenceType'
    | 'recurrenceInterval'
    | 'weeklyPattern'
    | 'monthlyBy'
    | 'startDate'
    | 'startLocalDate'
    | 'scheduledBefore'
  >
>;

export function seriesRepository(Series: Model<SeriesDoc>) {
  return {
    /** The series and its series_created event in one insert. */
    async create(series: NewSeries, event: (id: string) => EventEnvelope): Promise<SeriesDoc> {
      const doc = new Series(series);
      doc.outbox = [outboxEntry(event(doc._id.toString()))];
      await doc.save();
      return doc.toObject();
    },

    async listForUser(userId: string): Promise<SeriesDoc[]> {
      return Series.find({ userId, deletedAt: null })
        .sort({ createdAt: 1, _id: 1 })
        .lean<SeriesDoc[]>();
    },

    /** Every series of the user, deleted ones too ("quests created" counts what they scheduled). */
    async listAllForUser(userId: string): Promise<SeriesDoc[]> {
      return Series.find({ userId }).lean<SeriesDoc[]>();
    },

    /** A series of this user, or null: another user's or a deleted series is unknown (404). */
    async findOwned(userId: string, id: string): Promise<SeriesDoc | null> {
      const _id = objectId(id);
      if (!_id) return null;
      return Series.findOne({ _id, userId, deletedAt: null }).lean<SeriesDoc>();
    },

    /** An edit and its series_changed event, on the revision read (null = another request first). */
    async revise(
      series: Pick<SeriesDoc, '_id' | 'userId' | 'rev'>,
      fields: SeriesRevision,
      event: EventEnvelope,
    ): Promise<SeriesDoc | null> {
      return Series.findOneAndUpdate(
        { _id: series._id, userId: series.userId, rev: series.rev, deletedAt: null },
        { $set: fields, $inc: { rev: 1 }, $push: { outbox: outboxEntry(event) } },
        { returnDocument: 'after' },
      ).lean<SeriesDoc>();
    },

    /** The delete and its series_deleted event in one update, on the revision read (null = lost a race). */
    async softDelete(
      series: Pick<SeriesDoc, '_id' | 'userId' | 'rev'>,
      now: Date,
      event: EventEnvelope,
    ): Promise<SeriesDoc | null> {
      return Series.findOneAndUpdate(
        { _id: series._id, userId: series.userId, rev: series.rev, deletedAt: null },
        {
          $set: { deletedAt: now, isActive: false },
          $inc: { rev: 1 },
          $push: { outbox: outboxEntry(event) },
        },
        { returnDocument: 'after' },
      ).lean<SeriesDoc>();
    },

    /** Pause or resume on the revision read (null = another request changed it first). */
    async setPauses(
      series: Pick<SeriesDoc, '_id' | 'userId' | 'rev'>,
      pauses: SeriesPause[],
      isActive: boolean,
      event: EventEnvelope,
    ): Promise<SeriesDoc | null> {
      return Series.findOneAndUpdate(
        { _id: series._id, userId: series.userId, rev: series.rev, deletedAt: null },
        { $set: { pauses, isActive }, $inc: { rev: 1 }, $push: { outbox: outboxEntry(event) } },
        { returnDocument: 'after' },
      ).lean<SeriesDoc>();
    },

    async countForUser(userId: string): Promise<number> {
      return Series.countDocuments({ userId });
    },
  };
}

export type SeriesRepository = ReturnType<typeof seriesRepository>;
