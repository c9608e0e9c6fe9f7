import {
  BACKFILL_NOT_SCHEDULED,
  BACKFILL_RULE,
  addDays,
  canBackfill,
  localDate,
  startOfLocalDay,
  toInstant,
  type AmountRequest,
  type DayActivityResponse,
  type OccurrenceToggleResponse,
  type ProgressUpdateRequest,
  type ToggleQuestResponse,
} from '@levelup/contracts';
import { conflict } from '@levelup/service-kit';
import type { OccurrenceMaterialiser } from '../occurrences/materialiser.ts';
import { toOccurrence } from '../occurrences/occurrence-dto.ts';
import type { OccurrencesService } from '../occurrences/occurrences.service.ts';
import { toQuest } from '../quests/quest-dto.ts';
import type { QuestDoc } from '../quests/models.ts';
import type { QuestsRepository } from '../quests/repository.ts';
import { questNotFound, type QuestsService } from '../quests/quests.service.ts';
import type { SeriesRepository } from '../series/repository.ts';
import { seriesNotFound } from '../series/series.service.ts';
import type { UserZones } from '../users/user-zones.ts';

/**
 * Back-fill of a missed check-off on a past day (contracts' canBackfill: today and the BACKFILL_DAYS
 * before it, in the user's zone). The move itself is the same-day one (the services' progress, on the
 * revision read, exactly once) with the past day as the day it counts on, so the event carries that
 * localDate and XP, streaks, the calendar, goals and talents follow as if it had been ticked then.
 * Refusals are 409s that change nothing.
 */
export function backfillService(deps: {
  quests: QuestsRepository;
  series: SeriesRepository;
  materialiser: OccurrenceMaterialiser;
  questsService: QuestsService;
  occurrencesService: OccurrencesService;
  zones: UserZones;
  clock: () => Date;
}) {
  const { zones, clock } = deps;

  async function todayOf(userId: string): Promise<{ today: string; timeZone: string }> {
    const timeZone = await zones.timeZoneOf(userId);
    return { today: localDate(clock(), timeZone), timeZone };
  }

  /** A one-time quest's day: the day it was completed, else the day it is due (scheduled, else due date). */
  function questDay(quest: QuestDoc, timeZone: string): string | null {
    if (quest.isCompleted) return quest.completedLocalDate;
    const when = toInstant(quest.scheduledTime) ?? toInstant(quest.dueDate);
    return when ? localDate(when, timeZone) : null;
  }

  /**
   * The id of a series' occurrence of `date`, created now when that day was never read (the
   * materialiser, idempotent), within the back-fill window. A day the series is not scheduled on
   * (before its start, paused, not in its rule) has none: 409.
   */
  async function seriesDayId(userId: string, seriesId: string, date: string): Promise<string> {
    const [{ today }, series] = await Promise.all([
      todayOf(userId),
      deps.series.findOwned(userId, seriesId),
    ]);
    if (!series) throw seriesNotFound();
    if (!canBackfill(date, today)) throw conflict(BACKFILL_RULE);
    const day = await deps.materialiser.ensure(userId, [series], { from: date, to: date });
    const occurrence = day.find((o) => o.seriesId === seriesId);
    if (!occurrence) throw conflict(BACKFILL_NOT_SCHEDULED);
    return occurrence._id.toString();
  }

  return {
    /** GET /api/quests/days/{date}: the day's routines (materialised if never read) and one-time quests. */
    async dayActivity(userId: string, date: string): Promise<DayActivityResponse> {
      const [{ today, timeZone }, seriesList] = await Promise.all([
        todayOf(userId),
        deps.series.listForUser(userId),
      ]);
      const start = startOfLocalDay(date, timeZone);
      const end = startOfLocalDay(addDays(date, 1), timeZone);
      const quests = await deps.quests.ofDay(userId, date, start, end);
      const occurrences = await deps.materialiser.ensure(userId, seriesList, {
        from: date,
        to: date,
      });
      return {
        date,
        canFillIn: canBackfill(date, today),
        occurrences: occurrences.map(toOccurrence),
        quests: quests.filter((q) => questDay(q, timeZone) === date).map(toQuest),
      };
    },

    /** A series' occurrence of `date` moved to a completion state counted on that day. */
    async occurrence(
      userId: string,
      seriesId: string,
      date: string,
      input: ProgressUpdateRequest,
      requestId: string | undefined,
    ): Promise<OccurrenceToggleResponse> {
      const id = await seriesDayId(userId, seriesId, date);
      return deps.occurrencesService.progress(userId, id, input, requestId, date);
    },

    /** A measurable series' day of `date`: its amount, counted on that day. */
    async occurrenceAmount(
      userId: string,
      seriesId: string,
      date: string,
      input: AmountRequest,
      requestId: string | undefined,
    ): Promise<OccurrenceToggleResponse> {
      const id = await seriesDayId(userId, seriesId, date);
      return deps.occurrencesService.recordAmount(userId, id, input, requestId, date);
    },

    /** A one-time quest's completion state, counted on `date`. */
    async quest(
      userId: string,
      questId: string,
      date: string,
      input: ProgressUpdateRequest,
      requestId: string | undefined,
    ): Promise<ToggleQuestResponse> {
      const [{ today }, quest] = await Promise.all([
        todayOf(userId),
        deps.quests.findOwned(userId, questId),
      ]);
      if (!quest) throw questNotFound();
      if (!canBackfill(date, today)) throw conflict(BACKFILL_RULE);
      return deps.questsService.progress(userId, questId, input, requestId, date);
    },
  };
}

export type BackfillService = ReturnType<typeof backfillService>;
