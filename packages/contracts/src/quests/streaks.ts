import { addDays, daysBetween } from '../time/zone.ts';

/**
 * Day streaks from the local days ('YYYY-MM-DD', user's zone) on which something was completed.
 * The current streak counts back from today; a day with nothing done yet today does not break it
 * while yesterday was done (the day is not over), so it then counts back from yesterday. These are
 * the dashboard overview's currentStreak and longestStreak.
 *
 * `restDays`: days whose only scheduled occurrence was skipped on purpose. A rest day
 * neither counts nor breaks a streak: done Monday, rested Tuesday, done Wednesday is a streak of 2.
 */
export function dayStreaks(
  completedDays: Iterable<string>,
  today: string,
  restDays: Iterable<string> = [],
): { current: number; longest: number } {
  const days = [...new Set(completedDays)].filter((d) => daysBetween(d, today) >= 0).sort();
  const done = new Set(days);
  const rest = new Set([...restDays].filter((d) => !done.has(d)));
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const d of days) {
    run = previous !== null && onlyRestBetween(previous, d, rest) ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = d;
  }
  let cursor = done.has(today) || rest.has(today) ? today : addDays(today, -1);
  let current = 0;
  while (done.has(cursor) || rest.has(cursor)) {
    if (done.has(cursor)) current += 1;
    cursor = addDays(cursor, -1);
  }
  return { current, longest };
}

/** True when every day strictly between two done days is a rest day (none for consecutive days). */
function onlyRestBetween(from: string, to: string, rest: ReadonlySet<string>): boolean {
  const gap = daysBetween(from, to);
  for (let i = 1; i < gap; i += 1) if (!rest.has(addDays(from, i))) return false;
  return gap >= 1;
}
