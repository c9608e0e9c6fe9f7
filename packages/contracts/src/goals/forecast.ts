import { addDays, daysBetween } from '../time/zone.ts';
import { seriesOccursOn, type SeriesSchedule } from '../quests/recurrence.ts';
import type { GoalStatus } from './enums.ts';

// Goal forecast: when a goal reaches its target if every occurrence its
// linked series still has scheduled is done, and how far the occurrences missed since linking pushed
// that date out.
//
// - The schedule is the series' recurrence rule as GET /api/quests/recurring answers it (seriesOccursOn).
//   A series whose rule is unknown (not in that list any more) or which is not active contributes only
//   the occurrences the journey already lists from today on.
// - Done today counts as done: an occurrence the journey shows completed (or partial) adds nothing more.
// - Missed: a scheduled local day from the link day up to yesterday whose occurrence is not done. Each
//   missed occurrence is xpPerOccurrence the goal would hold had it been done.
// - 'on_track': nothing missed changes the finish day; 'behind': the finish day is `daysBehind` later than
//   it would have been with the missed occurrences done (when they alone would have finished the goal,
//   the comparison is with today, so the figure is a lower bound).
// - The projection looks FORECAST_HORIZON_DAYS ahead; a goal the schedule cannot finish by then is
//   'beyond_horizon', and one with no occurrence ahead at all is 'no_schedule'.

export const FORECAST_HORIZON_DAYS = 366;

export interface ForecastSeries {
  xpPerOccurrence: number;
  /** The local day the series was linked to the goal (occurrences before it never counted). */
  linkedOn: string;
  /** The recurrence rule, or null when unknown. */
  schedule: SeriesSchedule | null;
  /** false while the series is paused or ended (no occurrences ahead from the rule). */
  isActive: boolean;
  /** The journey's occurrences of the series. */
  occurrences: readonly { scheduledFor: string; isCompleted: boolean }[];
}

export type GoalForecast =
  | { kind: 'complete' }
  | { kind: 'no_schedule' }
  | { kind: 'beyond_horizon'; missedOccurrences: number }
  | { kind: 'on_track'; finishDate: string; missedOccurrences: number }
  | { kind: 'behind'; finishDate: string; daysBehind: number; missedOccurrences: number };

function scheduledDays(series: ForecastSeries, from: string, to: string): string[] {
  const span = daysBetween(from, to);
  if (span < 0) return [];
  const listed = series.occurrences
    .map((o) => o.scheduledFor)
    .filter((d) => daysBetween(from, d) >= 0 && daysBetween(d, to) >= 0);
  if (!series.schedule) return [...new Set(listed)].sort();
  const days = new Set<string>();
  for (let i = 0; i <= span; i += 1) {
    const day = addDays(from, i);
    if (seriesOccursOn(series.schedule, day)) days.add(day);
  }
  // An occurrence the journey lists stays part of the plan even when the rule moved since.
  for (const day of listed) days.add(day);
  return [...days].sort();
}

/** The first day on which the XP of the occurrences ahead reaches `needed`, or null within the horizon. */
function finishDay(ahead: readonly { day: string; xp: number }[], needed: number): string | null {
  let sum = 0;
  for (const { day, xp } of ahead) {
    sum += xp;
    if (sum >= needed) return day;
  }
  return null;
}

export function goalForecast(input: {
  goal: { currentXp: number; targetXp: number; status: GoalStatus };
  series: readonly ForecastSeries[];
  today: string;
  horizonDays?: number;
}): GoalForecast {
  const { goal, series, today } = input;
  const remaining = goal.targetXp - goal.currentXp;
  if (goal.status === 'completed' || remaining <= 0) return { kind: 'complete' };
  const horizonEnd = addDays(today, input.horizonDays ?? FORECAST_HORIZON_DAYS);

  const ahead: { day: string; xp: number }[] = [];
  let missedXp = 0;
  let missedOccurrences = 0;
  for (const s of series) {
    const done = new Set(s.occurrences.filter((o) => o.isCompleted).map((o) => o.scheduledFor));
    const future = s.isActive ? s : { ...s, schedule: null };
    for (const day of scheduledDays(future, today, horizonEnd))
      if (!done.has(day)) ahead.push({ day, xp: s.xpPerOccurrence });
    for (const day of scheduledDays(s, s.linkedOn, addDays(today, -1))) {
      if (done.has(day)) continue;
      missedXp += s.xpPerOccurrence;
      missedOccurrences += 1;
    }
  }
  ahead.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));

  if (ahead.length === 0) return { kind: 'no_schedule' };
  const finishDate = finishDay(ahead, remaining);
  if (!finishDate) return { kind: 'beyond_horizon', missedOccurrences };
  if (missedXp === 0) return { kind: 'on_track', finishDate, missedOccurrences };
  const plannedFinish = remaining - missedXp <= 0 ? today : finishDay(ahead, remaining - missedXp);
  const daysBehind = plannedFinish ? daysBetween(plannedFinish, finishDate) : 0;
  if (daysBehind <= 0) return { kind: 'on_track', finishDate, missedOccurrences };
  return { kind: 'behind', finishDate, daysBehind, missedOccurrences };
}

/** 'on track for 03/05/2027' or 'N days behind' (dates as MM/dd/yyyy); null when none applies. */
export function goalForecastText(forecast: GoalForecast): string | null {
  switch (forecast.kind) {
    case 'on_track': {
      const [y, m, d] = forecast.finishDate.split('-');
      return `on track for ${m}/${d}/${y}`;
    }
    case 'behind':
      return `${forecast.daysBehind} ${forecast.daysBehind === 1 ? 'day' : 'days'} behind`;
    case 'beyond_horizon':
      return 'not reachable within a year at this schedule';
    case 'no_schedule':
      return 'no occurrences scheduled ahead';
    case 'complete':
      return null;
  }
}
