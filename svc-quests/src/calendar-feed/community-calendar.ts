import { INTERNAL, type CommunityCalendarEntry } from '@levelup/contracts';
import { AppError, callInternal } from '@levelup/service-kit';

const TIMEOUT_MS = 3_000;

/**
 * The body-doubling sessions and meetups of a user, asked of svc-community (INTERNAL.calendarEntries).
 * No answer is a 503: a calendar app keeps its last copy on an error, where a feed without those
 * events would make it delete them.
 */
export function communityCalendar(options: { communityUrl: string; secret: string }) {
  return {
    async entries(userId: string, from: Date, to: Date): Promise<CommunityCalendarEntry[]> {
      const answer = await callInternal(
        INTERNAL.calendarEntries,
        { query: { userId, from: from.toISOString(), to: to.toISOString() } },
        { baseUrl: options.communityUrl, secret: options.secret, timeoutMs: TIMEOUT_MS },
      ).catch(() => {
        throw unavailable();
      });
      if (!answer.ok) throw unavailable();
      return answer.data.entries;
    },
  };
}

export type CommunityCalendar = ReturnType<typeof communityCalendar>;

const unavailable = () =>
  new AppError('COMMUNITY_UNAVAILABLE', 'Sessions and meetups could not be read right now', 503);
