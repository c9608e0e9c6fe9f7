import { toInstant } from '../common/instant.ts';
import { daysBetween, localDate } from '../time/zone.ts';
import type { DateRangeQuery } from '../common/pagination.ts';

// ?startDate&endDate of GET /api/quests/occurrences, /with-occurrences and /grouped,
// read as local days of the user's zone, both ends included.

/** A range longer than this is refused: a year (and a leap day) is the longest any screen asks for. */
export const MAX_RANGE_DAYS = 366;

export const RANGE_ORDER_MESSAGE = 'endDate must not be before startDate';
export const RANGE_LENGTH_MESSAGE = `A date range can span at most ${MAX_RANGE_DAYS} days`;

export type LocalRange = { from: string; to: string };

/**
 * The local days a range query covers. A bare 'YYYY-MM-DD' is already a local day; an instant is read
 * in the user's zone. No startDate means today; no endDate means the start day alone.
 */
export function resolveLocalRange(
  query: DateRangeQuery,
  now: Date,
  timeZone: string,
): { ok: true; range: LocalRange } | { ok: false; field: 'endDate'; message: string } {
  const day = (value: string | undefined) => {
    if (value === undefined) return undefined;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
    return localDate(toInstant(value) as Date, timeZone);
  };
  const from = day(query.startDate) ?? localDate(now, timeZone);
  const to = day(query.endDate) ?? from;
  const span = daysBetween(from, to);
  if (span < 0) return { ok: false, field: 'endDate', message: RANGE_ORDER_MESSAGE };
  if (span + 1 > MAX_RANGE_DAYS)
    return { ok: false, field: 'endDate', message: RANGE_LENGTH_MESSAGE };
  return { ok: true, range: { from, to } };
}

/**
 * Whether a one-time quest belongs to a range of local days: its day (scheduled time, else due date) is
 * in the range; an unfinished quest whose day is before the range is still there (overdue); a quest
 * with no date belongs to every range (it waits for the user, or for Clear Completed).
 */
export function questInLocalRange(
  quest: {
    isCompleted: boolean;
    dueDate: Date | string | null;
    scheduledTime: Date | string | null;
  },
  range: LocalRange,
  timeZone: string,
): boolean {
  const when = toInstant(quest.scheduledTime) ?? toInstant(quest.dueDate);
  if (!when) return true;
  const day = localDate(when, timeZone);
  if (daysBetween(day, range.to) < 0) return false;
  if (daysBetween(range.from, day) >= 0) return true;
  return !quest.isCompleted;
}
