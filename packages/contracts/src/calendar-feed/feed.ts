import { z } from 'zod';

// The calendar feed: a secret URL per user that calendar apps subscribe to (iCalendar, RFC 5545).
// svc-quests owns the secret and writes the feed; svc-community answers which body-doubling sessions
// and meetups the user is part of over an internal route (docs/calendar-feed.md).

/**
 * The feed itself: the secret token is the only credential, so the gateway lets this one path through
 * without a session cookie (rate-limited per address). Not a JSON operation: it answers text/calendar.
 */
export const CALENDAR_FEED_PATH = '/api/calendar/:token.ics';
/** The prefix the gateway routes to svc-quests without a session. */
export const CALENDAR_FEED_PREFIX = '/api/calendar';

/** 32 random bytes in base64url: 256 bits, well above the 128 a guess would have to beat. */
export const CALENDAR_FEED_TOKEN_BYTES = 32;
/**
 * Links issued now carry a 16-byte tag after the random bytes (64 characters in all), by which the
 * gateway knows a link was issued here without looking it up; links from before the tag are 43.
 */
export const CALENDAR_FEED_TAG_BYTES = 16;
export const calendarFeedTokenPattern = /^(?:[A-Za-z0-9_-]{43}|[A-Za-z0-9_-]{64})$/;
/** The feed's path parameter: any string (a malformed token is the same 404 as an unknown one). */
export const calendarFeedParamsSchema = z.object({ token: z.string() });

/** What the feed covers: from 30 days back to 90 days ahead of the user's today, at most 1000 events. */
export const CALENDAR_FEED_RANGE = { daysBack: 30, daysAhead: 90 } as const;
export const CALENDAR_FEED_MAX_EVENTS = 1000;

/** The feed's path with its token filled in: '/api/calendar/<token>.ics'. */
export function calendarFeedPath(token: string): string {
  return CALENDAR_FEED_PATH.replace(':token', token);
}

/** GET /api/calendar-feed and POST /api/calendar-feed/rotate: the user's feed path, or none yet. */
export const calendarFeedStateSchema = z.object({
  feed: z
    .object({
      /** Same-origin path of the feed; the page puts its origin in front. */
      path: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
});
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;

/** A meetup has a start but no length: the feed shows it as an hour. */
export const MEETUP_CALENDAR_MINUTES = 60;

/** The query of svc-community's internal calendar-entries call (INTERNAL.calendarEntries). */
export const calendarEntriesQuerySchema = z.object({
  userId: z.string().min(1).max(64),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});
export type CalendarEntriesQuery = z.infer<typeof calendarEntriesQuerySchema>;

/** A body-doubling session the user hosts or joined, or a meetup they RSVP'd to. */
export const communityCalendarEntrySchema = z.object({
  kind: z.enum(['session', 'meetup']),
  id: z.string(),
  title: z.string(),
  description: z.string(),
  start: z.iso.datetime({ offset: true }),
  durationMinutes: z.number().int().positive(),
  /** The session's host, or the meetup's platform, for the event's description. */
  detail: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CommunityCalendarEntry = z.infer<typeof communityCalendarEntrySchema>;

export const calendarEntriesResponseSchema = z.object({
  entries: z.array(communityCalendarEntrySchema),
});
export type CalendarEntriesResponse = z.infer<typeof calendarEntriesResponseSchema>;
