import { Types } from 'mongoose';
import {
  EVENTS,
  daysBetween,
  makeEvent,
  occurrenceDatesBetween,
  type LocalRange,
} from '@levelup/contracts';
import type { OutboxRelay } from '@levelup/service-kit';
import { daySteps } from '../quests/checklist.ts';
import type { SeriesDoc } from '../series/models.ts';
import { scheduleOf } from '../series/series-dto.ts';
import type { OccurrenceDoc } from './models.ts';
import type { NewOccurrence, OccurrencesRepository } from './repository.ts';

const later = (a: string, b: string) => (daysBetween(a, b) > 0 ? b : a);
const earlier = (a: string, b: string) => (daysBetween(a, b) < 0 ? b : a);

/**
 * Occurrences exist as documents for every local day a series is scheduled on, created on
 * first read of a range: exactly one per series and day (the unique index settles parallel reads). The
 * cost depends on the range and the number of series, never on how much history the user has.
 */
export function occurrenceMaterialiser(deps: {
  occurrences: OccurrencesRepository;
  relay: OutboxRelay;
}) {
  const { occurrences, relay } = deps;

  return {
    async ensure(
      userId: string,
      seriesList: SeriesDoc[],
      range: LocalRange,
    ): Promise<OccurrenceDoc[]> {
      const missing: NewOccurrence[] = [];
      if (seriesList.length > 0) {
        const existing = await occurrences.existingKeys(userId, range.from, range.to);
        for (const series of seriesList) {
          const schedule = scheduleOf(series);
          const from = later(range.from, schedule.startDate);
          const to = schedule.endDate ? earlier(range.to, schedule.endDate) : range.to;
          if (daysBetween(from, to) < 0) continue;
          const seriesId = series._id.toString();
          for (const day of occurrenceDatesBetween(schedule, from, to)) {
            if (existing.has(`${seriesId}|${day}`)) continue;
            const _id = new Types.ObjectId();
            missing.push({
              _id,
              seriesId,
              userId,
              title: series.title,
              description: series.description,
              difficulty: series.difficulty,
              xpReward: series.xpReward,
              timeEstimate: series.timeEstimate ?? null,
              category: series.category ?? null,
              timeOfDay: series.timeOfDay,
              growthPath: series.growthPath ?? null,
              measure: series.measure ?? null,
              // Each day ticks its own copy of the routine's steps, none ticked yet.
              checklist: daySteps(series.checklist ?? [], []),
              completeWhenChecklistDone: series.completeWhenChecklistDone ?? false,
              scheduledFor: day,
              event: makeEvent(EVENTS.occurrenceScheduled.type, {
                userId,
                seriesId,
                occurrenceId: _id.toString(),
                title: series.title,
                scheduledFor: day,
                xpReward: series.xpReward,
              }),
            });
          }
        }
        await occurrences.insertMissing(missing);
      }
      const docs = await occurrences.between(userId, range.from, range.to);
      // Publish the new ones' occurrence_scheduled events without holding the read (the poller is the net).
      if (missing.length > 0) for (const doc of docs) if (doc.outbox?.length) void relay.flush(doc);
      return docs;
    },
  };
}

export type OccurrenceMaterialiser = ReturnType<typeof occurrenceMaterialiser>;
