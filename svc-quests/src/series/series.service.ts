import {
  addDays,
  daysBetween,
  isSeriesPaused,
  localDate,
  makeEvent,
  pauseSeries,
  resumeSeries,
  type SeriesPause,
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

  /** Pause or resume with contracts' rule; the change and its series_changed event are one update. */
  async function changePauses(
    userId: string,
    id: string,
    requestId: string | undefined,
    rule: (pauses: readonly SeriesPause[], today: string) => SeriesPause[],
  ): Promise<Series> {
    const [doc, timeZone] = await Promise.all([
      series.findOwned(userId, id),
      zones.timeZoneOf(userId),
    ]);
    if (!doc) throw seriesNotFound();
    const now = clock();
    const pauses = rule(doc.pauses ?? [], localDate(now, timeZone));
    const isActive = !isSeriesPaused(pauses);
    let current = doc;
    if (JSON.stringify(pauses) !== JSON.stringify(doc.pauses ?? [])) {
      const event = makeEvent(
        'quests.series_changed',
        { ...seriesEventData(doc), isActive },
        { requestId, now },
      );
      const updated = await series.setPauses(doc, pauses, isActive, event);
      if (updated) {
        await relay.flush(updated);
        current = updated;
      } else {
        current = (await series.findOwned(userId, id)) ?? doc;
      }
    }
    const [answer] = await withSummaries(userId, [current], timeZone);
    return answer as Series;
  }

  return {
    withSummaries,

    /** Beyond the spec: no occurrences from tomorrow until resumed (today's stays). */
    pause(userId: string, id: string, requestId: string | undefined) {
      return changePauses(userId, id, requestId, pauseSeries);
    },

    /** Beyond the spec: scheduled again from today; the paused days stay empty. */
    resume(userId: string, id: string, requestId: string | undefined) {
      return changePauses(userId, id, requestId, resumeSeries);
    },

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
