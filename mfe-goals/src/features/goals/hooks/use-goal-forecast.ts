import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_TIME_ZONE,
  goalForecast,
  localDate,
  type ForecastSeries,
  type Goal,
  type GoalForecast,
  type Series,
  type SeriesSchedule,
} from '@levelup/contracts';
import { useProfile } from '@levelup/web-kit';
import { goalSeriesQueryOptions } from '../api/get-goal-series.ts';
import { journeyQueryOptions } from '../api/get-journey.ts';
import { seriesSchedulesQueryOptions } from '../api/get-series-schedules.ts';

/** A series' rule as the recurrence rules read it: its instants as local days of the user's zone. */
function scheduleOf(series: Series, timeZone: string): SeriesSchedule {
  return {
    recurrenceType: series.recurrenceType,
    recurrenceInterval: series.recurrenceInterval,
    weeklyPattern: series.weeklyPattern,
    monthlyBy: series.monthlyBy,
    startDate: localDate(new Date(series.startDate), timeZone),
    endDate: series.endDate ? localDate(new Date(series.endDate), timeZone) : null,
  };
}

/**
 * The goal's forecast (contracts' goalForecast) from its journey (occurrences done and missed), its links
 * (the day each series was linked) and GET /api/quests/recurring (the rules: the journey lists only the
 * occurrences scheduled so far). That list does not carry a paused series' pause days, so a paused
 * series (isActive false) plans only the occurrences the journey already lists. Null while loading.
 */
export function useGoalForecast(goal: Goal): GoalForecast | null {
  const profile = useProfile();
  const journey = useQuery(journeyQueryOptions(goal.id));
  const links = useQuery(goalSeriesQueryOptions(goal.id));
  const schedules = useQuery(seriesSchedulesQueryOptions);
  if (!journey.data || !links.data || !schedules.data) return null;
  const timeZone = profile.data?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = localDate(new Date(), timeZone);
  const rules = new Map(schedules.data.map((s) => [s.id, s]));
  const linkedOn = new Map(
    links.data.map((l) => [l.seriesId, localDate(new Date(l.linkedAt), timeZone)]),
  );
  const series: ForecastSeries[] = journey.data.linkedSeries.map((s) => {
    const rule = rules.get(s.seriesId);
    return {
      xpPerOccurrence: s.xpPerOccurrence,
      linkedOn: linkedOn.get(s.seriesId) ?? today,
      schedule: rule ? scheduleOf(rule, timeZone) : null,
      isActive: rule?.isActive ?? false,
      occurrences: s.occurrences,
    };
  });
  return goalForecast({ goal, series, today });
}
