import {
  habitScoreNow,
  habitStats,
  localDate,
  measureStats,
  type HabitScoreListResponse,
  type HabitStatsResponse,
} from '@levelup/contracts';
import type { OccurrencesRepository } from '../occurrences/repository.ts';
import type { SeriesDoc } from '../series/models.ts';
import type { SeriesRepository } from '../series/repository.ts';
import { scheduleOf } from '../series/series-dto.ts';
import { seriesNotFound } from '../series/series.service.ts';
import type { UserZones } from '../users/user-zones.ts';

function habitSummary(doc: SeriesDoc, frequency: number): HabitStatsResponse['series'] {
  return {
    id: doc._id.toString(),
    title: doc.title,
    category: doc.category ?? null,
    recurrenceType: doc.recurrenceType,
    recurrenceInterval: doc.recurrenceInterval,
    weeklyPattern: doc.weeklyPattern ?? null,
    monthlyBy: doc.monthlyBy ?? 'day_of_month',
    startDate: doc.startLocalDate,
    isActive: doc.isActive,
    frequency,
  };
}

/**
 * A habit's statistics (score, bars, best streaks, weekdays) from its schedule and its occurrences up to
 * the user's today, read in one query; the rules are contracts' habit-stats.
 */
export function habitStatsService(deps: {
  series: SeriesRepository;
  occurrences: OccurrencesRepository;
  zones: UserZones;
  clock?: () => Date;
}) {
  const { series, occurrences, zones } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    /** One series of the user; another user's, a deleted or an unknown id is a 404. */
    async stats(userId: string, id: string): Promise<HabitStatsResponse> {
      const [doc, timeZone] = await Promise.all([
        series.findOwned(userId, id),
        zones.timeZoneOf(userId),
      ]);
      if (!doc) throw seriesNotFound();
      const today = localDate(clock(), timeZone);
      const history = await occurrences.historyOf(userId, [id], today);
      const { frequency, ...stats } = habitStats(scheduleOf(doc), history, today);
      return {
        series: habitSummary(doc, frequency),
        ...stats,
        measured: doc.measure ? measureStats(doc.measure, history, today) : null,
      };
    },

    /** Every series of the user (paused ones too) with its score now, in creation order. */
    async scores(userId: string): Promise<HabitScoreListResponse> {
      const [list, timeZone] = await Promise.all([
        series.listForUser(userId),
        zones.timeZoneOf(userId),
      ]);
      const today = localDate(clock(), timeZone);
      const ids = list.map((doc) => doc._id.toString());
      const bySeries = new Map<string, Awaited<ReturnType<OccurrencesRepository['historyOf']>>>();
      for (const o of await occurrences.historyOf(userId, ids, today)) {
        const rows = bySeries.get(o.seriesId) ?? [];
        rows.push(o);
        bySeries.set(o.seriesId, rows);
      }
      return list.map((doc) => {
        const id = doc._id.toString();
        return {
          id,
          title: doc.title,
          category: doc.category ?? null,
          recurrenceType: doc.recurrenceType,
          recurrenceInterval: doc.recurrenceInterval,
          weeklyPattern: doc.weeklyPattern ?? null,
          isActive: doc.isActive,
          score: habitScoreNow(scheduleOf(doc), bySeries.get(id) ?? [], today),
        };
      });
    },
  };
}

export type HabitStatsService = ReturnType<typeof habitStatsService>;
