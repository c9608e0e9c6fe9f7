import { addDays, parseLocalDate, weekdayOfLocalDate } from '@levelup/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Weekdays in the order a habit's page lists them: Monday first (ISO weeks), with their numbers. */
export const WEEKDAY_ROWS = [
  { weekday: 1, short: 'Mon', name: 'Monday' },
  { weekday: 2, short: 'Tue', name: 'Tuesday' },
  { weekday: 3, short: 'Wed', name: 'Wednesday' },
  { weekday: 4, short: 'Thu', name: 'Thursday' },
  { weekday: 5, short: 'Fri', name: 'Friday' },
  { weekday: 6, short: 'Sat', name: 'Saturday' },
  { weekday: 0, short: 'Sun', name: 'Sunday' },
] as const;

/** A 0..1 score as a whole percentage: 0.197 -> '20%'. */
export function percent(score: number): string {
  return `${Math.round(score * 100)}%`;
}

/** '2026-11-09' -> '9 Nov 2026'. */
export function dayLabel(date: string): string {
  const { year, month, day } = parseLocalDate(date);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** '2026-11-09' -> '9 Nov' (chart axes). */
export function shortDayLabel(date: string): string {
  const { month, day } = parseLocalDate(date);
  return `${day} ${MONTHS[month - 1]}`;
}

/** '2026-11-09' -> 'Mon 9 Nov' (a day of the last week). */
export function weekdayDayLabel(date: string): string {
  const short = WEEKDAY_ROWS.find((w) => w.weekday === weekdayOfLocalDate(date))!.short;
  return `${short} ${shortDayLabel(date)}`;
}

/** A recent day as the list of days to fill in names it: 'Today', 'Yesterday', else 'Mon 9 Nov'. */
export function recentDayLabel(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDays(today, -1)) return 'Yesterday';
  return weekdayDayLabel(date);
}

/** A bar's period in words: 'Week of 9 Nov 2026', 'Nov 2026', '2026'. */
export function periodLabel(unit: 'week' | 'month' | 'year', start: string): string {
  const { year, month } = parseLocalDate(start);
  if (unit === 'week') return `Week of ${dayLabel(start)}`;
  if (unit === 'month') return `${MONTHS[month - 1]} ${year}`;
  return String(year);
}

/** A bar's period on the chart's axis: '9 Nov', 'Nov', '2026'. */
export function periodAxisLabel(unit: 'week' | 'month' | 'year', start: string): string {
  const { year, month } = parseLocalDate(start);
  if (unit === 'week') return shortDayLabel(start);
  if (unit === 'month') return MONTHS[month - 1]!;
  return String(year);
}

/** 'a streak of 1 day' / '3 days'. */
export function daysLabel(count: number): string {
  return `${count} ${count === 1 ? 'day' : 'days'}`;
}
