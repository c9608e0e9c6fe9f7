import {
  CALENDAR_ENTRIES_INTERNAL_PATH,
  calendarEntriesResponseSchema,
  urlOf,
  type CommunityCalendarEntry,
} from '@levelup/contracts';
import { AppError, signInternal } from '@levelup/service-kit';

const TIMEOUT_MS = 3_000;

/**
 * The body-doubling sessions and meetups of a user, asked of svc-community over its internal route
 * (signed with svc-community's internal key). No answer is a 503: a calendar app keeps its last copy
 * on an error, where a feed without those events would make it delete them.
 */
export function communityCalendar(options: { communityUrl: string; secret: string }) {
  return {
    async entries(userId: string, from: Date, to: Date): Promise<CommunityCalendarEntry[]> {
      const path = urlOf(
        { method: 'GET', path: CALENDAR_ENTRIES_INTERNAL_PATH },
        { query: { userId, from: from.toISOString(), to: to.toISOString() } },
      );
      const headers = signInternal(options.secret, {
        service: 'svc-community',
        method: 'GET',
        path,
      });
      let answer: Response;
      try {
        answer = await fetch(new URL(path, options.communityUrl), {
          headers,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        throw unavailable();
      }
      if (!answer.ok) throw unavailable();
      const parsed = calendarEntriesResponseSchema.safeParse(await answer.json().catch(() => null));
      if (!parsed.success) throw unavailable();
      return parsed.data.entries;
    },
  };
}

export type CommunityCalendar = ReturnType<typeof communityCalendar>;

const unavailable = () =>
  new AppError('COMMUNITY_UNAVAILABLE', 'Sessions and meetups could not be read right now', 503);
