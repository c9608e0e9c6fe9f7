import { z } from 'zod';
import { isoDateTimeSchema } from '../common/dates.ts';

// Weekly meetups (goals-progression-community.md sections 1, 2, 3 and 9): sample data in the spec, on the
// server here (issue 11). Times are shown in EST, i.e. the US Eastern zone.

export const MEETUP_TIME_ZONE = 'America/New_York';

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
});
export type CreateMeetupRequest = z.infer<typeof createMeetupRequestSchema>;
export type CreateMeetupRequestInput = z.input<typeof createMeetupRequestSchema>;

export const meetupSchema = z.object({
  id: z.string(),
  title: z.string(),
  theme: z.string(),
  description: z.string(),
  /** In EST, e.g. 'Tue, Nov 25'. */
  date: z.string(),
  /** In EST, e.g. '7:00 PM'. */
  time: z.string(),
  platform: meetupPlatformSchema,
  /** 'N expected': the members who said they are coming. */
  estimatedAttendees: z.number().int().min(0),
  type: meetupTypeSchema,
  isUpcoming: z.boolean(),
  // Beyond the spec:
  startsAt: isoDateTimeSchema.optional(),
  attendingByMe: z.boolean().optional(),
  recordingUrl: z.string().nullable().optional(),
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

/** The date and time a meetup shows, in EST (section 1: all times in EST). */
export function meetupDateTime(startsAt: Date): { date: string; time: string } {
  const date = new Intl.DateTimeFormat('en-US', {
    timeZone: MEETUP_TIME_ZONE,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(startsAt);
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: MEETUP_TIME_ZONE,
    hour: 'numeric',
    minute: '2-digit',
  }).format(startsAt);
  // ICU puts a narrow no-break space before AM/PM; a plain space reads and matches the same.
  return { date, time: time.replace(/\u202f/g, ' ') };
}
