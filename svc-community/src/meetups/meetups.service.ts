import {
  STORAGE_QUOTAS,
  DEFAULT_MEETUPS,
  DEFAULT_MEETUP_OWNER,
  MEETUP_RECENT_DAYS,
  MEETUP_UPCOMING_GRACE_MINUTES,
  isMeetupUpcoming,
  meetupDateTime,
  MEETUP_TIME_ZONE,
  type CreateMeetupRequest,
  type Meetup,
  type MeetupListResponse,
  defaultMeetupStarts,
} from '@levelup/contracts';
import {
  conflict,
  isAdmin,
  notFound,
  requireAdmin,
  withinQuota,
  type Identity,
} from '@levelup/service-kit';
import type { MeetupDoc } from './models.ts';
import type { MeetupsRepository } from './repository.ts';

const LIST_LIMIT = 20;
/** How often an instance checks that the default meetups of the coming week are scheduled. */
const DEFAULTS_CHECK_MS = 60 * 60_000;

/**
 * A meetup as `reader` sees it. The meeting link goes only to members who joined and to admins (who
 * set it); everyone else learns only that there is one.
 */
export function toMeetup(doc: MeetupDoc, reader: Identity, now: Date): Meetup {
  const startsAt = new Date(doc.startsAt);
  const timeZone = doc.timeZone ?? MEETUP_TIME_ZONE;
  const attending = doc.attendeeIds.includes(reader.userId);
  const joinUrl = doc.joinUrl ?? null;
  return {
    id: doc._id.toString(),
    title: doc.title,
    theme: doc.theme,
    description: doc.description,
    ...meetupDateTime(startsAt, timeZone),
    platform: doc.platform,
    estimatedAttendees: doc.attendeeIds.length,
    type: doc.type,
    isUpcoming: isMeetupUpcoming(startsAt, now),
    startsAt: startsAt.toISOString(),
    attendingByMe: attending,
    recordingUrl: doc.recordingUrl ?? null,
    timeZone,
    hasJoinUrl: joinUrl !== null,
    joinUrl: attending || isAdmin(reader) ? joinUrl : null,
  };
}

/**
 * Weekly meetups (scheduled by admins, read by every member). With
 * `defaultMeetups`, the default weekly series (contracts' DEFAULT_MEETUPS) are kept scheduled for the
 * coming week, checked at most hourly per instance when the list is read.
 */
export function meetupsService(deps: {
  meetups: MeetupsRepository;
  clock?: () => Date;
  defaultMeetups?: boolean;
}) {
  const { meetups } = deps;
  const clock = deps.clock ?? (() => new Date());
  let nextDefaultsCheck = Number.NEGATIVE_INFINITY;

  async function scheduleDefaults(now: Date): Promise<void> {
    if (!deps.defaultMeetups || now.getTime() < nextDefaultsCheck) return;
    nextDefaultsCheck = now.getTime() + DEFAULTS_CHECK_MS;
    try {
      await Promise.all(
        DEFAULT_MEETUPS.flatMap((series) =>
          defaultMeetupStarts(series, now).map((startsAt) =>
            meetups.scheduleOccurrence(series.key, {
              title: series.title,
              theme: series.theme,
              description: series.description,
              startsAt,
              platform: series.platform,
              type: series.type,
              recordingUrl: null,
              joinUrl: null,
              timeZone: MEETUP_TIME_ZONE,
              createdBy: DEFAULT_MEETUP_OWNER,
            }),
          ),
        ),
      );
    } catch (err) {
      nextDefaultsCheck = Number.NEGATIVE_INFINITY;
      throw err;
    }
  }

  /** The meetup, if it still takes RSVPs (404 unknown, 409 once it has taken place). */
  async function upcomingMeetup(id: string): Promise<MeetupDoc> {
    const meetup = await meetups.find(id);
    if (!meetup) throw notFound('Meetup not found');
    if (!isMeetupUpcoming(new Date(meetup.startsAt), clock())) {
      throw conflict('This meetup has already taken place');
    }
    return meetup;
  }

  return {
    /** Upcoming soonest first; recent (the last 30 days) newest first. */
    async list(reader: Identity): Promise<MeetupListResponse> {
      const now = clock();
      await scheduleDefaults(now);
      const boundary = new Date(now.getTime() - MEETUP_UPCOMING_GRACE_MINUTES * 60_000);
      const [upcoming, recent] = await Promise.all([
        meetups.startingAfter(boundary, LIST_LIMIT),
        meetups.startedBetween(
          new Date(now.getTime() - MEETUP_RECENT_DAYS * 86_400_000),
          boundary,
          LIST_LIMIT,
        ),
      ]);
      return {
        upcoming: upcoming.map((doc) => toMeetup(doc, reader, now)),
        recent: recent.map((doc) => toMeetup(doc, reader, now)),
      };
    },

    /** Admins only: members get 403 and nothing is stored. */
    async create(identity: Identity, input: CreateMeetupRequest): Promise<Meetup> {
      requireAdmin(identity);
      await withinQuota(
        STORAGE_QUOTAS.hostedMeetups,
        meetups.countCreatedUpcoming(identity.userId, clock()),
      );
      const doc = await meetups.create({
        title: input.title,
        theme: input.theme,
        description: input.description,
        startsAt: new Date(input.startsAt),
        platform: input.platform,
        type: input.type,
        recordingUrl: input.recordingUrl ?? null,
        joinUrl: input.joinUrl ?? null,
        timeZone: input.timeZone ?? MEETUP_TIME_ZONE,
        createdBy: identity.userId,
      });
      return toMeetup(doc, identity, clock());
    },

    /** Admins only: set, change or remove the meeting link (never opened by the server). */
    async setJoinUrl(identity: Identity, id: string, joinUrl: string | null): Promise<Meetup> {
      requireAdmin(identity);
      const updated = await meetups.setJoinUrl(id, joinUrl);
      if (!updated) throw notFound('Meetup not found');
      return toMeetup(updated, identity, clock());
    },

    /** Join Meetup: once per member; a meetup that has passed takes no RSVPs. */
    async rsvp(reader: Identity, id: string): Promise<Meetup> {
      const meetup = await upcomingMeetup(id);
      const updated = await meetups.rsvp(meetup._id, reader.userId);
      if (!updated) throw notFound('Meetup not found');
      return toMeetup(updated, reader, clock());
    },

    /** Can't make it: undoes the member's RSVP; harmless when they had not (or no longer) joined. */
    async cancelRsvp(reader: Identity, id: string): Promise<Meetup> {
      const meetup = await upcomingMeetup(id);
      const updated = await meetups.cancelRsvp(meetup._id, reader.userId);
      if (!updated) throw notFound('Meetup not found');
      return toMeetup(updated, reader, clock());
    },
  };
}
export type MeetupsService = ReturnType<typeof meetupsService>;
