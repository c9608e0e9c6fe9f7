import {
  addDays,
  daysBetween,
  localDate,
  makeEvent,
  type CreateSeriesRequest,
  type Series,
  type SeriesChoice,
  type SeriesEventType,
} from '@levelup/contracts';
import { AppError, notFound, type OutboxRelay } from '@levelup/service-kit';
import type { OccurrenceMaterialiser } from '../occurrences/materialiser.ts';
import type { OccurrenceDoc } from '../occurrences/models.ts';
import type { UserZones } from '../users/user-zones.ts';
import type { SeriesDoc } from './models.ts';
import type { SeriesRepository } from './repository.ts';
import { toSeries } from './series-dto.ts';

export const seriesNotFound = () => notFound('Recurring quest series not found');

export function seriesEventData(series: SeriesDoc) {
  return {
    userId: series.userId,
    seriesId: series._id.toString(),
    title: series.title,
    difficulty: series.difficulty,
    xpReward: series.xpReward,
    category: series.category ?? null,
    growthPath: series.growthPath ?? null,
    recurrenceType: series.recurrenceType,
    weeklyPattern: series.weeklyPattern ?? null,
    isActive: series.isActive,
  };
}

export function seriesService(deps: {
  series: SeriesRepository;
  materialiser: OccurrenceMaterialiser;
  zones: UserZones;
  relay: OutboxRelay;
  clock?: () => Date;
}) {
  const { series, materialiser, zones, relay } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** Series with today's and yesterday's occurrence in the user's zone (materialised if needed). */
  async function withSummaries(
    userId: string,
    list: SeriesDoc[],
    timeZone: string,
  ): Promise<Series[]> {
    const today = localDate(clock(), timeZone);
    const yesterday = addDays(today, -1);
    const docs = await materialiser.ensure(userId, list, { from: yesterday, to: today });
    const byKey = new Map<string, OccurrenceDoc>(
      docs.map((doc) => [`${doc.seriesId}|${doc.scheduledFor}`, doc]),
    );
    return list.map((doc) => {
      const id = doc._id.toString();
      return toSeries(doc, byKey.get(`${id}|${today}`), byKey.get(`${id}|${yesterday}`));
    });
  }

  return {
    withSummaries,

    async create(
      userId: string,
      input: CreateSeriesRequest,
      requestId: string | undefined,
    ): Promise<Series> {
      const timeZone = await zones.timeZoneOf(userId);
      const now = clock();
      const startDate = input.startDate ?? now;
      const startLocalDate = localDate(startDate, timeZone);
      const endLocalDate = input.endDate ? localDate(input.endDate, timeZone) : null;
      if (endLocalDate && daysBetween(startLocalDate, endLocalDate) < 0) {
        const message = 'endDate must not be before startDate';
        throw new AppError('VALIDATION_FAILED', message, 400, {
          details: [{ path: 'endDate', message }],
        });
      }
      const created = await series.create(
        {
          userId,
          title: input.title,
          description: input.description,
          difficulty: input.difficulty,
          xpReward: input.xpReward,
          timeEstimate: input.timeEstimate,
          category: input.category,
          timeOfDay: input.timeOfDay,
          growthPath: input.growthPath,
          recurrenceType: input.recurrenceType,
          recurrenceInterval: input.recurrenceInterval,
          weeklyPattern: input.weeklyPattern,
          monthlyBy: input.monthlyBy,
          startDate,
          endDate: input.endDate ?? null,
          startLocalDate,
          endLocalDate,
          pauses: [],
          isActive: true,
        },
        (seriesId) =>
          makeEvent(
            'quests.series_created' satisfies SeriesEventType,
            {
              userId,
              seriesId,
              title: input.title,
              difficulty: input.difficulty,
              xpReward: input.xpReward,
              category: input.category,
              growthPath: input.growthPath,
              recurrenceType: input.recurrenceType,
              weeklyPattern: input.weeklyPattern,
              isActive: true,
            },
            { requestId, now },
          ),
      );
      await relay.flush(created);
      const [answer] = await withSummaries(userId, [created], timeZone);
      return answer as Series;
    },

    async list(userId: string): Promise<Series[]> {
      const [list, timeZone] = await Promise.all([
        series.listForUser(userId),
        zones.timeZoneOf(userId),
      ]);
      return withSummaries(userId, list, timeZone);
    },

    /** The goal link dialog's choices (goals-progression-community.md section 7). */
    async choices(userId: string): Promise<SeriesChoice[]> {
      return (await series.listForUser(userId)).map((doc) => ({
        id: doc._id.toString(),
        title: doc.title,
      }));
    },
  };
}

export type SeriesService = ReturnType<typeof seriesService>;
