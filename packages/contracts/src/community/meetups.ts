import { z } from 'zod';
import { isoDateTimeSchema } from '../common/dates.ts';
import {
  addDays,
  localDate,
  timeZoneSchema,
  weekdayOfLocalDate,
  zonedTimeToInstant,
} from '../time/zone.ts';

// Weekly meetups, kept on the server (a set of default meetups is seeded). The weekly schedule is kept
// in EST, i.e. the US Eastern zone, which is also every meetup's organiser zone unless an admin gives
// another; members see each time in their own zone with the organiser's beside it.

export const MEETUP_TIME_ZONE = 'America/New_York';

/** The longest meeting link an admin may set. */
export const MEETUP_JOIN_URL_MAX_LENGTH = 500;

const JOIN_URL_ERROR = 'Meeting link must be an https:// web address, e.g. https://zoom.us/j/123';

/**
 * Where members meet (a Discord invite, a Zoom link): an https web address on a named host, without a
 * user name or password in it. Only stored and shown to members who joined; the server never opens it.
 */
export const meetupJoinUrlSchema = z
  .string({ error: JOIN_URL_ERROR })
  .trim()
  .min(1, 'Meeting link is required')
  .max(
    MEETUP_JOIN_URL_MAX_LENGTH,
    `Meeting link must be ${MEETUP_JOIN_URL_MAX_LENGTH} characters or less`,
  )
  .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: JOIN_URL_ERROR }))
  .refine((url) => {
    // Runs after a failed URL check too (zod goes on collecting issues): only judge real URLs here.
    const parsed = URL.canParse(url) ? new URL(url) : null;
    return !parsed || (parsed.username === '' && parsed.password === '');
  }, 'Meeting link must not contain a user name or password');

export const meetupTypeSchema = z.enum(['check-in', 'workshop', 'social']);
export type MeetupType = z.infer<typeof meetupTypeSchema>;
export const MEETUP_TYPE_LABELS = {
  'check-in': 'Check-in',
  workshop: 'Workshop',
  social: 'Social',
} as const;
export const meetupPlatformSchema = z.enum(['Discord', 'Zoom']);
export type MeetupPlatform = z.infer<typeof meetupPlatformSchema>;

/** A meetup stays under Upcoming for this long after it starts (it is on). */
export const MEETUP_UPCOMING_GRACE_MINUTES = 60;
/** Recent Meetups reach back this many days. */
export const MEETUP_RECENT_DAYS = 30;

/** POST /api/meetups (admins only). */
export const createMeetupRequestSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(120, 'Title must be 120 characters or less'),
  theme: z
    .string({ error: 'Theme is required' })
    .trim()
    .min(1, 'Theme is required')
    .max(120, 'Theme must be 120 characters or less'),
  description: z
    .string()
    .trim()
    .max(1000, 'Description must be 1000 characters or less')
    .default(''),
  startsAt: isoDateTimeSchema,
  platform: z.enum(meetupPlatformSchema.options, { error: 'Choose Discord or Zoom' }),
  type: z.enum(meetupTypeSchema.options, { error: 'Choose a meetup type' }),
  recordingUrl: z
    .url({ protocol: /^https?$/, error: 'Recording link must be a web address' })
    .nullable()
    .optional(),
  /** The meeting link members who join will see; none yet when absent or null. */
  joinUrl: meetupJoinUrlSchema.nullable().optional(),
  /** The organiser's zone, shown beside each member's own time; US Eastern when absent. */
  timeZone: timeZoneSchema.optional(),
});
export type CreateMeetupRequest = z.infer<typeof createMeetupRequestSchema>;
export type CreateMeetupRequestInput = z.input<typeof createMeetupRequestSchema>;

/** PUT /api/meetups/:id/join-url (admins only): set, change or (null) remove the meeting link. */
export const updateMeetupJoinUrlRequestSchema = z.object({
  joinUrl: meetupJoinUrlSchema.nullable(),
});
export type UpdateMeetupJoinUrlRequest = z.infer<typeof updateMeetupJoinUrlRequestSchema>;

export const meetupSchema = z.object({
  id: z.string(),
  title: z.string(),
  theme: z.string(),
  description: z.string(),
  /** In the organiser's zone, e.g. 'Tue, Nov 25'. */
  date: z.string(),
  /** In the organiser's zone, e.g. '7:00 PM'. */
  time: z.string(),
  platform: meetupPlatformSchema,
  /** 'N expected': the members who said they are coming. */
  estimatedAttendees: z.number().int().min(0),
  type: meetupTypeSchema,
  isUpcoming: z.boolean(),
  // For the reader, when known:
  startsAt: isoDateTimeSchema.optional(),
  attendingByMe: z.boolean().optional(),
  recordingUrl: z.string().nullable().optional(),
  /** The organiser's IANA zone (US Eastern for meetups scheduled before it was kept). */
  timeZone: z.string().optional(),
  /** Whether the meetup has a meeting link (told to everyone, so others know to join to see it). */
  hasJoinUrl: z.boolean().optional(),
  /** The meeting link: only for members who joined (and admins); null otherwise. */
  joinUrl: z.string().nullable().optional(),
});
export type Meetup = z.infer<typeof meetupSchema>;

/** GET /api/meetups: upcoming soonest first, recent newest first. */
export const meetupListResponseSchema = z.object({
  upcoming: z.array(meetupSchema),
  recent: z.array(meetupSchema),
});
export type MeetupListResponse = z.infer<typeof meetupListResponseSchema>;

/** Upcoming until an hour after the start; then recent. */
export function isMeetupUpcoming(startsAt: Date, now: Date): boolean {
  return now.getTime() < startsAt.getTime() + MEETUP_UPCOMING_GRACE_MINUTES * 60_000;
}

/** The date and time of a meetup in its organiser's zone (US Eastern unless given). */
export function meetupDateTime(
  startsAt: Date,
  timeZone: string = MEETUP_TIME_ZONE,
): { date: string; time: string } {
  const date = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(startsAt);
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(startsAt);
  // ICU puts a narrow no-break space before AM/PM; a plain space reads and matches the same.
  return { date, time: time.replace(/\u202f/g, ' ') };
}

// The weekly meetups a fresh install schedules by itself, so there is always something to join. Each is
// a weekly series on a weekday and a wall-clock time in EST; the service keeps the coming week's
// occurrences scheduled (DEFAULT_MEETUPS=off turns it off).

/** Who owns the default meetups: the Level Up team, not any member's account. */
export const DEFAULT_MEETUP_OWNER = 'levelup-team';

/** Occurrences are kept scheduled this far ahead. */
export const DEFAULT_MEETUP_HORIZON_DAYS = 7;

export interface DefaultMeetup {
  /** Stable name of the series: with the start, what makes an occurrence unique. */
  key: string;
  title: string;
  theme: string;
  description: string;
  /** 0 = Sunday, in EST. */
  weekday: number;
  hour: number;
  minute: number;
  platform: MeetupPlatform;
  type: MeetupType;
}

export const DEFAULT_MEETUPS: readonly DefaultMeetup[] = [
  {
    key: 'monday-check-in',
    title: 'Monday Momentum Check-in',
    theme: 'Plan the week together',
    description:
      'Every Monday at 7:00 PM EST: share one win from last week and pick the three quests that matter most this week.',
    weekday: 1,
    hour: 19,
    minute: 0,
    platform: 'Discord',
    type: 'check-in',
  },
  {
    key: 'wednesday-workshop',
    title: 'Midweek Focus Workshop',
    theme: 'Routines that stick',
    description:
      'Every Wednesday at 7:00 PM EST: a short talk on one technique, then breakout rooms to set it up for yourself.',
    weekday: 3,
    hour: 19,
    minute: 0,
    platform: 'Zoom',
    type: 'workshop',
  },
  {
    key: 'friday-social',
    title: 'Friday Wins Social',
    theme: 'Celebrate the week',
    description:
      'Every Friday at 6:00 PM EST: a relaxed hangout to celebrate wins of every size. Camera optional.',
    weekday: 5,
    hour: 18,
    minute: 0,
    platform: 'Discord',
    type: 'social',
  },
];

/**
 * The starts of a weekly series that should be on the calendar at `now`: every occurrence from one still
 * listed as upcoming (started less than the grace period ago) up to the horizon, soonest first. The
 * wall-clock time is kept across daylight-saving changes (7 PM stays 7 PM in New York).
 */
export function defaultMeetupStarts(
  meetup: Pick<DefaultMeetup, 'weekday' | 'hour' | 'minute'>,
  now: Date,
  horizonDays: number = DEFAULT_MEETUP_HORIZON_DAYS,
): Date[] {
  const from = now.getTime() - MEETUP_UPCOMING_GRACE_MINUTES * 60_000;
  const until = now.getTime() + horizonDays * 86_400_000;
  const today = localDate(now, MEETUP_TIME_ZONE);
  const starts: Date[] = [];
  for (let offset = -1; offset <= horizonDays + 1; offset += 1) {
    const date = addDays(today, offset);
    if (weekdayOfLocalDate(date) !== meetup.weekday) continue;
    const start = zonedTimeToInstant(
      date,
      { hour: meetup.hour, minute: meetup.minute },
      MEETUP_TIME_ZONE,
    );
    if (start.getTime() > from && start.getTime() <= until) starts.push(start);
  }
  return starts;
}
