import { zonedParts, type ZonedParts } from '../time/zone.ts';
import { MEETUP_TIME_ZONE } from './meetups.ts';

// How a meetup's start reads to one member: in their own zone first, the organiser's beside it, so a
// member in Berlin sees 'Thu 5 Dec, 00:30 (your time, Europe/Berlin) · Wed 18:30 ET (organiser)'.

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
];
const pad = (n: number) => String(n).padStart(2, '0');
const clockOf = (p: ZonedParts) => `${pad(p.hour)}:${pad(p.minute)}`;

/**
 * A short name for a zone: the generic abbreviation where one exists ('ET', 'CT', 'PT'), else the
 * zone's own name ('Europe/Berlin'), never a made-up one.
 */
export function zoneLabel(timeZone: string): string {
  let label = zoneLabels.get(timeZone);
  if (label === undefined) {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortGeneric' })
      .formatToParts(new Date(0))
      .find((part) => part.type === 'timeZoneName')?.value;
    label = name && /^[A-Z]{2,4}$/.test(name) ? name : timeZone;
    zoneLabels.set(timeZone, label);
  }
  return label;
}
const zoneLabels = new Map<string, string>();

export interface MeetupTimeLabel {
  /** 'Thu 5 Dec, 00:30' in the viewer's zone. */
  yours: string;
  /** '18:30 ET' in the organiser's zone, with the weekday when the day differs ('Wed 18:30 ET'). */
  organiser: string;
  /** The whole line as shown. */
  text: string;
}

/** A meetup's start for a viewer in `viewerZone`, with the organiser's zone beside it. */
export function meetupTimeLabel(
  startsAt: Date,
  viewerZone: string,
  organiserZone: string = MEETUP_TIME_ZONE,
): MeetupTimeLabel {
  const mine = zonedParts(startsAt, viewerZone);
  const theirs = zonedParts(startsAt, organiserZone);
  const yours = `${WEEKDAYS[mine.weekday]} ${mine.day} ${MONTHS[mine.month - 1]}, ${clockOf(mine)}`;
  const sameDay =
    mine.day === theirs.day && mine.month === theirs.month && mine.year === theirs.year;
  const organiser = `${sameDay ? '' : `${WEEKDAYS[theirs.weekday]} `}${clockOf(theirs)} ${zoneLabel(organiserZone)}`;
  const text =
    viewerZone === organiserZone
      ? `${yours} ${zoneLabel(organiserZone)} (your time and the organiser's)`
      : `${yours} (your time, ${viewerZone}) · ${organiser} (organiser)`;
  return { yours, organiser, text };
}
