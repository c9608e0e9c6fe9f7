import { addDays, zonedParts, zoneOffsetMinutes } from '@levelup/contracts';

/**
 * An iCalendar (RFC 5545) writer for the calendar feed: CRLF line ends, lines folded at 75 octets
 * without splitting a UTF-8 character, TEXT values escaped, timed events in the user's zone (TZID plus a
 * VTIMEZONE built from the zone's offsets over the feed's range), all-day events as DATE values.
 */

export type IcsWhen =
  | { kind: 'timed'; start: Date; minutes: number }
  /** A local day 'YYYY-MM-DD' (all day, ends the next day as DTEND's exclusive date). */
  | { kind: 'date'; date: string };

export interface IcsEvent {
  /** Stable for the item (or occurrence) across every fetch, so calendar apps update it in place. */
  uid: string;
  summary: string;
  description?: string;
  when: IcsWhen;
  lastModified?: Date;
  sequence?: number;
  /** CATEGORIES: each value escaped as TEXT (a comma inside one is `\,`), the values joined by commas. */
  categories?: string[];
  /** All-day quests do not make the user busy; sessions and meetups do. */
  transparent?: boolean;
}

export interface IcsCalendar {
  name: string;
  timeZone: string;
  /** Generation time: DTSTAMP of every event (with METHOD:PUBLISH it is when the object was made). */
  now: Date;
  /** The instants the VTIMEZONE must cover (the feed's range). */
  zoneRange: { from: Date; to: Date };
  events: IcsEvent[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** TEXT escaping: backslash, semicolon, comma, and any line break as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds one content line: at most 75 octets per physical line, continuations start with a space.
 * Characters are never split (a UTF-8 sequence stays on one line).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1; // the leading space of a continuation counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 20260308T140000Z */
export function utcStamp(instant: Date): string {
  return (
    `${instant.getUTCFullYear()}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}` +
    `T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`
  );
}

/** The wall-clock time of an instant in a zone, as a floating DATE-TIME: 20260308T090000 */
export function localStamp(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

const dateValue = (date: string) => date.replace(/-/g, '');

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

const DAY_MS = 86_400_000;

/** Where the zone's UTC offset changes between two instants, to the minute. */
export function offsetChanges(
  timeZone: string,
  from: Date,
  to: Date,
): Array<{ at: Date; offsetFrom: number; offsetTo: number }> {
  const changes: Array<{ at: Date; offsetFrom: number; offsetTo: number }> = [];
  let t = from.getTime();
  let offset = zoneOffsetMinutes(from, timeZone);
  while (t < to.getTime()) {
    const next = Math.min(t + DAY_MS, to.getTime());
    const nextOffset = zoneOffsetMinutes(new Date(next), timeZone);
    if (nextOffset !== offset) {
      // The change is in (t, next]: narrow it down to the minute.
      let lo = t;
      let hi = next;
      while (hi - lo > 60_000) {
        const mid = Math.floor((lo + hi) / 2 / 60_000) * 60_000;
        if (mid <= lo) break;
        if (zoneOffsetMinutes(new Date(mid), timeZone) === offset) lo = mid;
        else hi = mid;
      }
      changes.push({ at: new Date(hi), offsetFrom: offset, offsetTo: nextOffset });
      offset = nextOffset;
    }
    t = next;
  }
  return changes;
}

/**
 * The VTIMEZONE of a zone over a range: the offset in force at its start (from 1970 on, as far as this
 * feed is concerned), then one observance per change inside the range. DAYLIGHT is any offset above
 * the zone's standard (the smaller of its January and July offsets).
 */
export function vtimezone(timeZone: string, from: Date, to: Date): string[] {
  const year = from.getUTCFullYear();
  const standard = Math.min(
    zoneOffsetMinutes(new Date(Date.UTC(year, 0, 1)), timeZone),
    zoneOffsetMinutes(new Date(Date.UTC(year, 6, 1)), timeZone),
  );
  const kind = (offset: number) => (offset > standard ? 'DAYLIGHT' : 'STANDARD');
  const initial = zoneOffsetMinutes(from, timeZone);
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    `X-LIC-LOCATION:${timeZone}`,
    `BEGIN:${kind(initial)}`,
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offsetText(initial)}`,
    `TZOFFSETTO:${offsetText(initial)}`,
    `END:${kind(initial)}`,
  ];
  for (const change of offsetChanges(timeZone, from, to)) {
    // DTSTART of an observance is the local time of the change as read with the offset before it.
    const wall = new Date(change.at.getTime() + change.offsetFrom * 60_000);
    lines.push(
      `BEGIN:${kind(change.offsetTo)}`,
      `DTSTART:${utcStamp(wall).slice(0, -1)}`,
      `TZOFFSETFROM:${offsetText(change.offsetFrom)}`,
      `TZOFFSETTO:${offsetText(change.offsetTo)}`,
      `END:${kind(change.offsetTo)}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

const isUtc = (timeZone: string) => timeZone === 'UTC' || timeZone === 'Etc/UTC';

const HOUR_MS = 3_600_000;

/**
 * Whether an instant's local time in a zone names it alone. On a fall-back night the hour before the
 * change happens twice (01:30 in New York is 05:30Z and 06:30Z), and a reader given only the local time
 * must guess which: parsers guess differently, and an end read with the other guess lies before its start.
 */
export function localTimeIsUnique(instant: Date, timeZone: string): boolean {
  const offset = zoneOffsetMinutes(instant, timeZone);
  return [-3, 3].every((hours) => {
    const other = zoneOffsetMinutes(new Date(instant.getTime() + hours * HOUR_MS), timeZone);
    if (other === offset) return true;
    // The same wall time read with the other offset of the night: another instant with that local time?
    const twin = new Date(instant.getTime() + (offset - other) * 60_000);
    return localStamp(twin, timeZone) !== localStamp(instant, timeZone);
  });
}

function timedProperty(name: string, instant: Date, timeZone: string, utc: boolean): string {
  return utc
    ? `${name}:${utcStamp(instant)}`
    : `${name};TZID=${timeZone}:${localStamp(instant, timeZone)}`;
}

function eventLines(event: IcsEvent, calendar: IcsCalendar): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${utcStamp(calendar.now)}`];
  if (event.when.kind === 'timed') {
    const start = event.when.start;
    const end = new Date(start.getTime() + event.when.minutes * 60_000);
    // An event whose start or end falls in a repeated hour is written in UTC, which every reader
    // takes exactly; the rest keep the user's zone so calendar apps show it as the user's own time.
    const utc =
      isUtc(calendar.timeZone) ||
      !localTimeIsUnique(start, calendar.timeZone) ||
      !localTimeIsUnique(end, calendar.timeZone);
    lines.push(
      timedProperty('DTSTART', start, calendar.timeZone, utc),
      timedProperty('DTEND', end, calendar.timeZone, utc),
    );
  } else {
    lines.push(
      `DTSTART;VALUE=DATE:${dateValue(event.when.date)}`,
      `DTEND;VALUE=DATE:${dateValue(addDays(event.when.date, 1))}`,
    );
  }
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.categories?.length)
    lines.push(`CATEGORIES:${event.categories.map(escapeText).join(',')}`);
  if (event.lastModified) lines.push(`LAST-MODIFIED:${utcStamp(event.lastModified)}`);
  if (event.sequence !== undefined) lines.push(`SEQUENCE:${event.sequence}`);
  lines.push(`TRANSP:${event.transparent ? 'TRANSPARENT' : 'OPAQUE'}`, 'END:VEVENT');
  return lines;
}

/** The whole VCALENDAR object, folded, CRLF-terminated. */
export function writeCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Level Up//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${calendar.timeZone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  const hasTimed = calendar.events.some((event) => event.when.kind === 'timed');
  if (hasTimed && !isUtc(calendar.timeZone))
    lines.push(...vtimezone(calendar.timeZone, calendar.zoneRange.from, calendar.zoneRange.to));
  for (const event of calendar.events) lines.push(...eventLines(event, calendar));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
