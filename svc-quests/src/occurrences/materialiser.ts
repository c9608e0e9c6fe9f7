import { Types } from 'mongoose';
import {
  EVENTS,
  daysBetween,
  judgeMeasuredDays,
  makeEvent,
  startOfIsoWeek,
  occurrenceDatesBetween,
  periodOf,
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
 * A per-week routine's new days start from their week's total so far (judgeMeasuredDays: the amounts
 * of the days before them from Monday), so the card of a day nothing was entered on yet shows where the
 * week stands. One read per routine (from the Monday of its first new day), one write for them all.
 */
async function startWeekTotals(
  occurrences: OccurrencesRepository,
  made: readonly NewOccurrence[],
  docs: OccurrenceDoc[],
): Promise<void> {
  const weekly = made.filter((day) => day.measure && periodOf(day.measure) === 'week');
  const bySeries = Map.groupBy(weekly, (day) => day.seriesId);
  const totals: { day: OccurrenceDoc; weekTotal: number | null }[] = [];
  for (const [seriesId, days] of bySeries) {
    const { userId, measure, scheduledFor: first } = days[0]!;
    const last = days.at(-1)!.scheduledFor;
    const week = await occurrences.between(userId, startOfIsoWeek(first), last, [seriesId]);
    const judged = judgeMeasuredDays(
      measure!,
      week.map((d) => ({ date: d.scheduledFor, amount: d.amount })),
    );
    for (const day of days) {
      const doc = docs.find((d) => String(d._id) === String(day._id));
      if (!doc || doc.amount !== null || (doc.weekTotal ?? null) !== null) continue;
      doc.weekTotal = judged.get(day.scheduledFor)?.total ?? null;
      totals.push({ day: doc, weekTotal: doc.weekTotal });
    }
  }
  await occurrences.setWeekTotals(totals);
}

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
      if (missing.length > 0) await startWeekTotals(occurrences, missing, docs);
      // Publish the new ones' occurrence_scheduled events without holding the read (the poller is the net).
      if (missing.length > 0) for (const doc of docs) if (doc.outbox?.length) void relay.flush(doc);
      return docs;
    },
  };
}

export type OccurrenceMaterialiser = ReturnType<typeof occurrenceMaterialiser>;
