import { z } from 'zod';

// Time-zone-safe dates: "today", streaks, occurrences and the calendar
// are computed in the user's IANA zone, never the server's. Only Intl is used, no date library.
// A local calendar date is a 'YYYY-MM-DD' string; arithmetic on it is done purely on the calendar
// (Date.UTC), so daylight saving never shifts it. Never `new Date('YYYY-MM-DD')` for a local date.

const zoneCheckCache = new Map<string, boolean>();

/** True for a zone Intl knows (e.g. 'Europe/Berlin', 'UTC'); false for '', 'Mars/Base', garbage. */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.trim() === '' || timeZone !== timeZone.trim())
    return false;
  const known = zoneCheckCache.get(timeZone);
  if (known !== undefined) return known;
  let ok: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    ok = true;
  } catch {
    ok = false;
  }
  zoneCheckCache.set(timeZone, ok);
  return ok;
}

/** An IANA zone name validated with Intl. */
export const timeZoneSchema = z
  .string({ error: 'Please choose a valid time zone' })
  .refine((tz) => isValidTimeZone(tz), { message: 'Please choose a valid time zone' });
export type TimeZone = z.infer<typeof timeZoneSchema>;

export const DEFAULT_TIME_ZONE = 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface ZonedParts {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number; // 0..23
  minute: number;
  second: number;
  /** 0 = Sunday .. 6 = Saturday (weeklyPattern). */
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Wall-clock fields of an instant in a zone. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant');
  const out: Record<string, string> = {};
  for (const p of partsFormatter(timeZone).formatToParts(instant)) out[p.type] = p.value;
  const hour = Number(out.hour);
  return {
    year: Number(out.year),
    month: Number(out.month),
    day: Number(out.day),
    hour: hour === 24 ? 0 : hour,
    minute: Number(out.minute),
    second: Number(out.second),
    weekday: WEEKDAYS[out.weekday ?? ''] ?? 0,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar date ('YYYY-MM-DD') an instant falls on in a zone. */
export function localDate(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** Hour of the day (0..23) of an instant in a zone. */
export function localHour(instant: Date, timeZone: string): number {
  return zonedParts(instant, timeZone).hour;
}

/** Weekday (0 = Sunday .. 6 = Saturday) of an instant in a zone. */
export function weekdayInZone(instant: Date, timeZone: string): number {
  return zonedParts(instant, timeZone).weekday;
}

/** A user's today. */
export function todayFor(user: { timeZone: string }, now: Date = new Date()): string {
  return localDate(now, user.timeZone);
}

/** A user's yesterday (calendar arithmetic, so a 23- or 25-hour day changes nothing). */
export function yesterdayFor(user: { timeZone: string }, now: Date = new Date()): string {
  return addDays(todayFor(user, now), -1);
}

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Splits 'YYYY-MM-DD'; throws on anything else or an impossible date like 2026-02-30. */
export function parseLocalDate(date: string): { year: number; month: number; day: number } {
  const m = LOCAL_DATE.exec(date);
  if (!m) throw new RangeError(`Not a local date: ${date}`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  ) {
    throw new RangeError(`Not a local date: ${date}`);
  }
  return { year, month, day };
}

function fromUtcCalendar(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** 'YYYY-MM-DD' plus n calendar days, purely on the calendar (no zone, no DST). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseLocalDate(date);
  return fromUtcCalendar(Date.UTC(year, month - 1, day + days));
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = parseLocalDate(from);
  const b = parseLocalDate(to);
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
}

/** Weekday (0 = Sunday) of a calendar date, independent of any zone. */
export function weekdayOfLocalDate(date: string): number {
  const { year, month, day } = parseLocalDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Offset of a zone from UTC at an instant, in minutes (Berlin summer: +120, New York winter: -300). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const truncated = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - truncated) / 60_000);
}

/**
 * The instant at which a wall-clock time happens on a calendar date in a zone. In the hour skipped by
 * a spring-forward change the later offset is used (02:30 becomes 03:30); in the repeated autumn hour
 * the first occurrence is returned.
 */
export function zonedTimeToInstant(
  date: string,
  time: { hour: number; minute?: number; second?: number; millisecond?: number },
  timeZone: string,
): Date {
  const { year, month, day } = parseLocalDate(date);
  const wall = Date.UTC(
    year,
    month - 1,
    day,
    time.hour,
    time.minute ?? 0,
    time.second ?? 0,
    time.millisecond ?? 0,
  );
  // The offsets in force half a day before and after cover any single change of the day.
  const offsetBefore = zoneOffsetMinutes(new Date(wall - 43_200_000), timeZone);
  const offsetAfter = zoneOffsetMinutes(new Date(wall + 43_200_000), timeZone);
  const matching = [wall - offsetBefore * 60_000, wall - offsetAfter * 60_000]
    .filter((c) => c + zoneOffsetMinutes(new Date(c), timeZone) * 60_000 === wall)
    .sort((a, b) => a - b);
  // Skipped wall time (spring forward): read it with the offset in force before the gap.
  return new Date(matching[0] ?? wall - offsetBefore * 60_000);
}

/** Midnight starting a local date in a zone, as an instant. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return zonedTimeToInstant(date, { hour: 0 }, timeZone);
}

/** The last millisecond of a local date in a zone (due dates end at 23:59:59.999). */
export function endOfLocalDay(date: string, timeZone: string): Date {
  return new Date(startOfLocalDay(addDays(date, 1), timeZone).getTime() - 1);
}

/** 'YYYY-MM-DD' plus n months; the day is clamped to the month's length (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = parseLocalDate(date);
  const firstOfTarget = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  return fromUtcCalendar(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth(), Math.min(day, lastDay)),
  );
}

/** Calendar interval arithmetic for recurrence units (days, weeks, months, years). */
export function addInterval(
  date: string,
  amount: number,
  unit: 'days' | 'weeks' | 'months' | 'years',
): string {
  switch (unit) {
    case 'days':
      return addDays(date, amount);
    case 'weeks':
      return addDays(date, amount * 7);
    case 'months':
      return addMonths(date, amount);
    case 'years':
      return addMonths(date, amount * 12);
  }
}

/** The Sunday starting the week of a local date (weeks start on Sunday). */
export function startOfWeek(date: string): string {
  return addDays(date, -weekdayOfLocalDate(date));
}

/** The Monday starting the ISO week of a local date (weeks start on Monday). */
export function startOfIsoWeek(date: string): string {
  return addDays(date, -((weekdayOfLocalDate(date) + 6) % 7));
}
