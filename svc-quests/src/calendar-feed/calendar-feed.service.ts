import {
  CALENDAR_FEED_MAX_EVENTS,
  CALENDAR_FEED_RANGE,
  addDays,
  calendarFeedPath,
  endOfLocalDay,
  startOfLocalDay,
  todayFor,
  type CalendarFeedState,
} from '@levelup/contracts';
import type { OccurrenceMaterialiser } from '../occurrences/materialiser.ts';
import type { SeriesRepository } from '../series/repository.ts';
import type { UserZones } from '../users/user-zones.ts';
import type { CommunityCalendar } from './community-calendar.ts';
import { communityEvent, occurrenceEvent, questEvent, startKey } from './feed-events.ts';
import { writeCalendar } from './ics.ts';
import type { CalendarFeedDoc } from './models.ts';
import type { CalendarFeedRepository } from './repository.ts';
import type { CalendarFeedTokens } from '@levelup/service-kit';
import { hashFeedToken, lookupHashOf, sameHash, type TokenSealer } from './tokens.ts';

const DAY_MS = 86_400_000;

/** The user's secret feed link (show, rotate) and the feed a link opens. */
export function calendarFeedService(deps: {
  feeds: CalendarFeedRepository;
  series: SeriesRepository;
  materialiser: OccurrenceMaterialiser;
  zones: UserZones;
  community: CommunityCalendar;
  sealer: TokenSealer;
  /** Issues links the gateway can tell from guesses (tagged with the deployment's secret). */
  tokens: CalendarFeedTokens;
  clock: () => Date;
}) {
  const { feeds, sealer, clock } = deps;

  function stateOf(doc: CalendarFeedDoc | null): CalendarFeedState {
    const token = doc ? sealer.open(doc.tokenSealed) : null;
    return {
      feed:
        doc && token
          ? { path: calendarFeedPath(token), createdAt: doc.createdAt.toISOString() }
          : null,
    };
  }

  return {
    /** GET /api/calendar-feed: the link, or none until the user asks for one. */
    async state(userId: string): Promise<CalendarFeedState> {
      return stateOf(await feeds.findByUser(userId));
    },

    /** POST /api/calendar-feed/rotate: a new link; the previous one answers 404 from now on. */
    async rotate(userId: string): Promise<CalendarFeedState> {
      const token = deps.tokens.issue();
      const doc = await feeds.replace(userId, hashFeedToken(token), sealer.seal(token), clock());
      return stateOf(doc);
    },

    /**
     * The feed a token opens, or null (a 404) for any token that is not a current one. One lookup by
     * hash and one constant-time comparison whatever the token, so the answer's time tells nothing.
     */
    async render(token: string): Promise<string | null> {
      const { hash, wellFormed } = lookupHashOf(token);
      const doc = await feeds.findByHash(hash);
      const matches = sameHash(doc?.tokenHash ?? hash.replace(/./g, '0'), hash);
      if (!doc || !matches || !wellFormed) return null;
      return feedOf(doc._id);
    },
  };

  async function feedOf(userId: string): Promise<string> {
    const now = clock();
    const timeZone = await deps.zones.timeZoneOf(userId);
    const today = todayFor({ timeZone }, now);
    const range = {
      from: addDays(today, -CALENDAR_FEED_RANGE.daysBack),
      to: addDays(today, CALENDAR_FEED_RANGE.daysAhead),
    };
    const from = startOfLocalDay(range.from, timeZone);
    const to = new Date(endOfLocalDay(range.to, timeZone).getTime() + 1);
    const [quests, { seriesList, occurrences }, community] = await Promise.all([
      feeds.questsBetween(userId, from, to, CALENDAR_FEED_MAX_EVENTS),
      deps.series.listForUser(userId).then(async (seriesList) => ({
        seriesList,
        occurrences: await deps.materialiser.ensure(userId, seriesList, range),
      })),
      deps.community.entries(userId, from, to),
    ]);
    const tagsOfSeries = new Map(seriesList.map((series) => [series._id.toString(), series.tags]));
    const events = [
      ...quests.map((quest) => questEvent(quest, timeZone)),
      // Hidden and cleared occurrences are only off the dashboard: the calendar keeps every one.
      ...occurrences.map((occurrence) =>
        occurrenceEvent(occurrence, tagsOfSeries.get(occurrence.seriesId)),
      ),
      ...community.map(communityEvent),
    ]
      .sort((a, b) => (startKey(a) < startKey(b) ? -1 : startKey(a) > startKey(b) ? 1 : 0))
      .slice(0, CALENDAR_FEED_MAX_EVENTS);
    return writeCalendar({
      name: 'Level Up',
      timeZone,
      now,
      // A day either side, so an event ending after the range still has its offsets.
      zoneRange: { from: new Date(from.getTime() - DAY_MS), to: new Date(to.getTime() + DAY_MS) },
      events,
    });
  }
}

export type CalendarFeedService = ReturnType<typeof calendarFeedService>;
