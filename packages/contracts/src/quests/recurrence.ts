import {
  addDays,
  addMonths,
  daysBetween,
  parseLocalDate,
  weekdayOfLocalDate,
} from '../time/zone.ts';
import type { Cadence } from './enums.ts';

// Which local days a recurring series has an occurrence on (weekly
// interval 1, weekdays 0 = Sunday .. 6 = Saturday). Occurrences are materialised per local day
// in the user's zone, so everything here is on 'YYYY-MM-DD' strings.

export interface SeriesSchedule {
  recurrenceType: Cadence;
  recurrenceInterval: number;
  weeklyPattern: readonly number[] | null;
  /** First local day (the start date's local date in the user's zone). */
  startDate: string;
  /** Last local day, or null for no end. */
  endDate: string | null;
  /**
   * Monthly series: on the start's date (clamped to short months, the default) or on the same weekday
   * of the same week of the month ('weekday': the 2nd Tuesday; a start in the 5th week means the last).
   */
  monthlyBy?: MonthlyBy;
  /** Local days on which the series was paused: from, to (both included; to null while still paused). */
  pauses?: readonly SeriesPause[];
}

export type MonthlyBy = 'day_of_month' | 'weekday'; // monthlyBySchema in series.ts
export interface SeriesPause {
  from: string;
  to: string | null;
}

/** Whether a local day falls inside one of the series' pauses. */
export function isPausedOn(pauses: readonly SeriesPause[] | undefined, date: string): boolean {
  return (pauses ?? []).some(
    (pause) =>
      daysBetween(pause.from, date) >= 0 && (pause.to === null || daysBetween(date, pause.to) >= 0),
  );
}

/**
 * Pausing a series starts tomorrow: today's occurrence stays, the user may still do
 * it. Pausing a paused series changes nothing.
 */
export function pauseSeries(pauses: readonly SeriesPause[], today: string): SeriesPause[] {
  if (pauses.some((pause) => pause.to === null)) return [...pauses];
  return [...pauses, { from: addDays(today, 1), to: null }];
}

/**
 * Resuming closes the open pause yesterday, so today is scheduled again; a pause that had not started
 * yet (paused and resumed the same day) disappears. Resuming a running series changes nothing.
 */
export function resumeSeries(pauses: readonly SeriesPause[], today: string): SeriesPause[] {
  return pauses.flatMap((pause) => {
    if (pause.to !== null) return [pause];
    if (daysBetween(today, pause.from) >= 0) return [];
    return [{ from: pause.from, to: addDays(today, -1) }];
  });
}

/** A series is paused while it has an open pause. */
export function isSeriesPaused(pauses: readonly SeriesPause[]): boolean {
  return pauses.some((pause) => pause.to === null);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * daily: every `interval` days from the start; weekly: the pattern's weekdays in every `interval`-th week
 * counted from the start's week; monthly: the start's day of the month (clamped to short months), or its
 * n-th weekday, every `interval` months; custom: treated as every `interval` days (a custom
 * series carries no rule of its own). Never on a paused day.
 */
export function seriesOccursOn(series: SeriesSchedule, date: string): boolean {
  if (daysBetween(series.startDate, date) < 0) return false;
  if (series.endDate !== null && daysBetween(date, series.endDate) < 0) return false;
  if (isPausedOn(series.pauses, date)) return false;
  const interval = Math.max(1, Math.floor(series.recurrenceInterval));
  switch (series.recurrenceType) {
    case 'daily':
    case 'custom':
      return daysBetween(series.startDate, date) % interval === 0;
    case 'weekly': {
      if (!series.weeklyPattern || !series.weeklyPattern.includes(weekdayOfLocalDate(date)))
        return false;
      const startWeek = addDays(series.startDate, -weekdayOfLocalDate(series.startDate));
      const week = Math.floor(daysBetween(startWeek, date) / 7);
      return week % interval === 0;
    }
    case 'monthly': {
      const start = parseLocalDate(series.startDate);
      const d = parseLocalDate(date);
      const months = (d.year - start.year) * 12 + (d.month - start.month);
      if (months % interval !== 0) return false;
      if (series.monthlyBy !== 'weekday') return addMonths(series.startDate, months) === date;
      if (weekdayOfLocalDate(date) !== weekdayOfLocalDate(series.startDate)) return false;
      const week = Math.ceil(start.day / 7);
      if (week >= 5) return d.day + 7 > daysInMonth(d.year, d.month);
      return Math.ceil(d.day / 7) === week;
    }
  }
}

/** The series' local days from `from` to `to`, both included, in order. */
export function occurrenceDatesBetween(series: SeriesSchedule, from: string, to: string): string[] {
  const out: string[] = [];
  const span = daysBetween(from, to);
  for (let i = 0; i <= span; i += 1) {
    const date = addDays(from, i);
    if (seriesOccursOn(series, date)) out.push(date);
  }
  return out;
}

/**
 * The occurrence a recurring card shows in the Quest Log: today's, whatever its state (done, partial,
 * open, cleared or hidden from the dashboard, since hiding and clearing only take it off the
 * dashboard), else yesterday's while it is still on the dashboard.
 */
export function seriesCardOccurrence<O extends { hiddenFromDashboard: boolean }>(series: {
  todaysOccurrence: O | null;
  yesterdaysOccurrence: O | null;
}): O | null {
  if (series.todaysOccurrence) return series.todaysOccurrence;
  const yesterday = series.yesterdaysOccurrence;
  return yesterday && !yesterday.hiddenFromDashboard ? yesterday : null;
}
