import { addDays, daysBetween } from '../time/zone.ts';

/**
 * Day streaks from the local days ('YYYY-MM-DD', user's zone) on which something was completed.
 * The current streak counts back from today; a day with nothing done yet today does not break it
 * while yesterday was done (the day is not over), so it then counts back from yesterday. The spec
 * names currentStreak and longestStreak only (core.md section 3, Dashboard overview); this reading is ours.
 */
export function dayStreaks(
  completedDays: Iterable<string>,
  today: string,
): { current: number; longest: number } {
  const days = [...new Set(completedDays)].filter((d) => daysBetween(d, today) >= 0).sort();
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const d of days) {
    run = previous !== null && daysBetween(previous, d) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = d;
  }
  const set = new Set(days);
  let cursor = set.has(today) ? today : addDays(today, -1);
  let current = 0;
  while (set.has(cursor)) {
    current += 1;
    cursor = addDays(cursor, -1);
  }
  return { current, longest };
}
