import type {
  OccurrenceScheduledEventData,
  QuestXpEventData,
  SeriesEventData,
} from '@levelup/contracts';
import { isDuplicateKeyError } from '@levelup/service-kit';
import { isNewer, olderThan, type EventPosition } from '../shared/event-order.ts';
import type { OccurrenceViewDoc, QuestViewModels, SeriesViewDoc } from './models.ts';

const EPOCH = new Date(0);
const MAX_ATTEMPTS = 25;

/** Applies svc-quests' series and occurrence events to the read model, each at most once and newest-wins. */
export function questViews({ SeriesView, OccurrenceView }: QuestViewModels) {
  return {
    /** series_created / series_changed / series_deleted: the series as it is after the change. */
    async applySeries(
      data: SeriesEventData,
      deleted: boolean,
      position: EventPosition,
    ): Promise<void> {
      try {
        await SeriesView.updateOne(
          { _id: data.seriesId, ...olderThan(position) },
          {
            $set: {
              userId: data.userId,
              title: data.title,
              isActive: data.isActive,
              deleted,
              at: position.at,
              seq: position.seq,
            },
          },
          { upsert: true },
        );
      } catch (err) {
        // The series is there with a newer event applied: this one is stale.
        if (!isDuplicateKeyError(err)) throw err;
      }
    },

    /** occurrence_scheduled: where the star goes. Its completion state is left as it is. */
    async schedule(data: OccurrenceScheduledEventData): Promise<void> {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        try {
          await OccurrenceView.updateOne(
            { _id: data.occurrenceId },
            {
              $set: {
                userId: data.userId,
                seriesId: data.seriesId,
                title: data.title,
                scheduledFor: data.scheduledFor,
              },
              $setOnInsert: { completionType: 'not_completed', doneAt: null, at: EPOCH, seq: 0 },
            },
            { upsert: true },
          );
          return;
        } catch (err) {
          // A completion event inserted it at the same moment: the update now finds it.
          if (!isDuplicateKeyError(err)) throw err;
        }
      }
    },

    /**
     * quests.completed / partial / revoked of an occurrence. Answers the occurrence as it stands after
     * the event (unchanged when the event is older than what was applied).
     */
    async applyCompletion(
      data: QuestXpEventData & { occurrenceId: string; seriesId: string },
      position: EventPosition,
    ): Promise<OccurrenceViewDoc> {
      const nowDone = data.completionType !== 'not_completed';
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        const existing = await OccurrenceView.findById(data.occurrenceId).lean<OccurrenceViewDoc>();
        if (!existing) {
          const doc: OccurrenceViewDoc = {
            _id: data.occurrenceId,
            userId: data.userId,
            seriesId: data.seriesId,
            title: data.title,
            scheduledFor: null,
            completionType: data.completionType,
            doneAt: nowDone ? position.at : null,
            at: position.at,
            seq: position.seq,
          };
          try {
            await OccurrenceView.create(doc);
            return doc;
          } catch (err) {
            if (!isDuplicateKeyError(err)) throw err;
            continue;
          }
        }
        if (!isNewer(position, existing)) return existing;
        const wasDone = existing.completionType !== 'not_completed';
        const doneAt = nowDone
          ? wasDone && existing.doneAt
            ? existing.doneAt
            : position.at
          : null;
        const updated = await OccurrenceView.findOneAndUpdate(
          { _id: existing._id, at: existing.at, seq: existing.seq },
          {
            $set: {
              completionType: data.completionType,
              doneAt,
              at: position.at,
              seq: position.seq,
            },
          },
          { returnDocument: 'after' },
        ).lean<OccurrenceViewDoc>();
        if (updated) return updated;
      }
      throw new Error(`occurrence ${data.occurrenceId} kept changing`);
    },

    async findSeries(seriesId: string): Promise<SeriesViewDoc | null> {
      return SeriesView.findById(seriesId).lean<SeriesViewDoc>();
    },

    async seriesByIds(ids: readonly string[]): Promise<Map<string, SeriesViewDoc>> {
      const docs = await SeriesView.find({ _id: { $in: [...ids] } }).lean<SeriesViewDoc[]>();
      return new Map(docs.map((doc) => [doc._id, doc]));
    },

    /** A user's occurrences of these series, by scheduled day (unscheduled ones last). */
    async occurrencesOf(
      userId: string,
      seriesIds: readonly string[],
    ): Promise<OccurrenceViewDoc[]> {
      return OccurrenceView.find({ userId, seriesId: { $in: [...seriesIds] } })
        .sort({ scheduledFor: 1, _id: 1 })
        .lean<OccurrenceViewDoc[]>();
    },

    /** A user's occurrences of a series done at or after `since` (what a new link may owe a goal). */
    async doneSince(userId: string, seriesId: string, since: Date): Promise<OccurrenceViewDoc[]> {
      return OccurrenceView.find({ userId, seriesId, doneAt: { $gte: since } }).lean<
        OccurrenceViewDoc[]
      >();
    },
  };
}

export type QuestViews = ReturnType<typeof questViews>;
