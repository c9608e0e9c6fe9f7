import {
  daysBetween,
  occurrenceDatesBetween,
  type Series,
  type SeriesSchedule,
} from '@levelup/contracts';
import type { OccurrenceDoc } from '../occurrences/models.ts';
import { toOccurrenceSummary } from '../occurrences/occurrence-dto.ts';
import type { SeriesDoc } from './models.ts';

/** The series' schedule on local days, as contracts' recurrence rules read it. */
export function scheduleOf(series: SeriesDoc): SeriesSchedule {
  return {
    recurrenceType: series.recurrenceType,
    recurrenceInterval: series.recurrenceInterval,
    weeklyPattern: series.weeklyPattern ?? null,
    startDate: series.startLocalDate,
    endDate: series.endLocalDate ?? null,
    monthlyBy: series.monthlyBy ?? 'day_of_month',
    pauses: series.pauses ?? [],
  };
}

/**
 * How many occurrences the series has scheduled from its first day through local day `last` (its end
 * day if earlier), earlier schedules included, read from the schedules themselves.
 */
export function scheduledThrough(series: SeriesDoc, last: string): number {
  const schedule = scheduleOf(series);
  const end = schedule.endDate && daysBetween(schedule.endDate, last) > 0 ? schedule.endDate : last;
  const current =
    daysBetween(schedule.startDate, end) >= 0
      ? occurrenceDatesBetween(schedule, schedule.startDate, end).length
      : 0;
  return (series.scheduledBefore ?? 0) + current;
}

/** A series as GET /api/quests/recurring answers it, with today's and yesterday's occurrence. */
export function toSeries(
  doc: SeriesDoc,
  today: OccurrenceDoc | undefined,
  yesterday: OccurrenceDoc | undefined,
): Series {
  return {
    id: doc._id.toString(),
    title: doc.title,
    description: doc.description,
    difficulty: doc.difficulty,
    xpReward: doc.xpReward,
    timeEstimate: doc.timeEstimate ?? null,
    category: doc.category ?? null,
    timeOfDay: doc.timeOfDay,
    growthPath: doc.growthPath ?? null,
    createdAt: new Date(doc.createdAt).toISOString(),
    recurrenceType: doc.recurrenceType,
    recurrenceInterval: doc.recurrenceInterval,
    weeklyPattern: doc.weeklyPattern ?? null,
    monthlyBy: doc.monthlyBy ?? 'day_of_month',
    startDate: new Date(doc.startDate).toISOString(),
    endDate: doc.endDate ? new Date(doc.endDate).toISOString() : null,
    isActive: doc.isActive,
    measure: doc.measure ?? null,
    tags: doc.tags ?? [],
    checklist: (doc.checklist ?? []).map(({ id, text }) => ({ id, text })),
    completeWhenChecklistDone: doc.completeWhenChecklistDone ?? false,
    todaysOccurrence: today ? toOccurrenceSummary(today) : null,
    yesterdaysOccurrence: yesterday ? toOccurrenceSummary(yesterday) : null,
  };
}
