import { localDate } from '../time/zone.ts';
import { MEETUP_TIME_ZONE } from './meetups.ts';

// How a meetup's start reads to one member: in their own zone first, the organiser's beside it, so a
// member in Berlin sees 'Thu 5 Dec, 00:30 (your time, Europe/Berlin) · Wed 18:30 ET (organiser)'.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, withDate: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withDate}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      ...(withDate ? { weekday: 'short', day: 'numeric', month: 'short' } : {}),
    });
    formatters.set(key, f);
  }
  return f;
}

function weekday(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short' }).format(instant);
}

/**
 * A short name for a zone: the generic abbreviation where one exists ('ET', 'CT', 'PT'), else the
 * zone's own name ('Europe/Berlin'), never a made-up one.
 */
export function zoneLabel(timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortGeneric' })
    .formatToParts(new Date(0))
    .find((part) => part.type === 'timeZoneName')?.value;
  return name && /^[A-Z]{2,4}$/.test(name) ? name : timeZone;
}

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
  const yours = formatter(viewerZone, true).format(startsAt);
  const sameDay = localDate(startsAt, viewerZone) === localDate(startsAt, organiserZone);
  const clock = formatter(organiserZone, false).format(startsAt);
  const organiser = `${sameDay ? '' : `${weekday(startsAt, organiserZone)} `}${clock} ${zoneLabel(organiserZone)}`;
  const text =
    viewerZone === organiserZone
      ? `${yours} ${zoneLabel(organiserZone)} (your time and the organiser's)`
      : `${yours} (your time, ${viewerZone}) · ${organiser} (organiser)`;
  return { yours, organiser, text };
}
