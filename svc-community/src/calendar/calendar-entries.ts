import {
  MEETUP_CALENDAR_MINUTES,
  SESSION_LIMITS,
  type CommunityCalendarEntry,
} from '@levelup/contracts';
import type { CommunityModels } from '../models.ts';
import type { MeetupDoc } from '../meetups/models.ts';
import type { MembersRepository } from '../members/repository.ts';
import type { SessionDoc } from '../sessions/models.ts';

/** At most this many of each kind per answer (the feed itself is bounded too). */
const MAX_ENTRIES = 500;

/** What a user's calendar feed shows of the community: sessions hosted or joined, meetups RSVP'd to. */
export function calendarEntriesRepository({
  Session,
  Meetup,
}: Pick<CommunityModels, 'Session' | 'Meetup'>) {
  return {
    /** Sessions not cancelled that overlap [from, to) and the user hosts or joined. */
    sessionsOf(userId: string, from: Date, to: Date): Promise<SessionDoc[]> {
      return Session.find({
        cancelledAt: null,
        startTime: {
          $gte: new Date(from.getTime() - SESSION_LIMITS.maxDuration * 60_000),
          $lt: to,
        },
        $or: [{ hostId: userId }, { participantIds: userId }],
      })
        .sort({ startTime: 1, _id: 1 })
        .limit(MAX_ENTRIES)
        .lean<SessionDoc[]>();
    },

    meetupsOf(userId: string, from: Date, to: Date): Promise<MeetupDoc[]> {
      return Meetup.find({ attendeeIds: userId, startsAt: { $gte: from, $lt: to } })
        .sort({ startsAt: 1, _id: 1 })
        .limit(MAX_ENTRIES)
        .lean<MeetupDoc[]>();
    },
  };
}

export function calendarEntriesService(deps: {
  entries: ReturnType<typeof calendarEntriesRepository>;
  members: MembersRepository;
}) {
  return {
    async of(userId: string, from: Date, to: Date): Promise<CommunityCalendarEntry[]> {
      const [sessions, meetups] = await Promise.all([
        deps.entries.sessionsOf(userId, from, to),
        deps.entries.meetupsOf(userId, from, to),
      ]);
      const names = await deps.members.namesOf(sessions.map((session) => session.hostId));
      return [
        ...sessions
          .filter((s) => s.startTime.getTime() + s.duration * 60_000 > from.getTime())
          .map((session): CommunityCalendarEntry => ({
            kind: 'session',
            id: session._id.toString(),
            title: session.title,
            description: session.description ?? '',
            start: session.startTime.toISOString(),
            durationMinutes: session.duration,
            detail:
              session.hostId === userId
                ? 'You host this session.'
                : `Hosted by ${names.get(session.hostId) ?? 'Anonymous User'}.`,
            createdAt: session.createdAt.toISOString(),
          })),
        ...meetups.map((meetup): CommunityCalendarEntry => ({
          kind: 'meetup',
          id: meetup._id.toString(),
          title: meetup.title,
          description: [meetup.theme, meetup.description].filter(Boolean).join('\n\n'),
          start: meetup.startsAt.toISOString(),
          durationMinutes: MEETUP_CALENDAR_MINUTES,
          // The meeting link is the member's to see: only meetups they RSVP'd to are here.
          detail: meetup.joinUrl
            ? `On ${meetup.platform}: ${meetup.joinUrl}`
            : `On ${meetup.platform}.`,
          createdAt: meetup.createdAt.toISOString(),
        })),
      ];
    },
  };
}

export type CalendarEntriesService = ReturnType<typeof calendarEntriesService>;
