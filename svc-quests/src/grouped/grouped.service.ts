import {
  questInLocalRange,
  type DateRangeQuery,
  type GroupedQuestsResponse,
  type QuestsWithOccurrencesResponse,
} from '@levelup/contracts';
import { toLifeTask } from '../life-tasks/life-task-dto.ts';
import type { LifeTasksRepository } from '../life-tasks/repository.ts';
import type { OccurrenceMaterialiser } from '../occurrences/materialiser.ts';
import { toOccurrence } from '../occurrences/occurrence-dto.ts';
import { toQuest } from '../quests/quest-dto.ts';
import type { QuestsRepository } from '../quests/repository.ts';
import type { SeriesRepository } from '../series/repository.ts';
import type { SeriesService } from '../series/series.service.ts';
import { localRangeOrThrow } from '../shared/local-range.ts';
import type { UserZones } from '../users/user-zones.ts';

/** The dashboard's reads over a range of the user's local days, answered from this service alone. */
export function groupedService(deps: {
  quests: QuestsRepository;
  series: SeriesRepository;
  seriesService: SeriesService;
  lifeTasks: LifeTasksRepository;
  materialiser: OccurrenceMaterialiser;
  zones: UserZones;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());

  async function context(userId: string, query: DateRangeQuery) {
    const timeZone = await deps.zones.timeZoneOf(userId);
    const range = localRangeOrThrow(query, clock(), timeZone);
    const [quests, seriesList] = await Promise.all([
      deps.quests.listVisible(userId),
      deps.series.listForUser(userId),
    ]);
    const regularQuests = quests
      .filter((quest) => questInLocalRange(quest, range, timeZone))
      .map(toQuest);
    return { timeZone, range, regularQuests, seriesList };
  }

  return {
    /** One-time quests of the range and its occurrences still on the dashboard (hidden ones left out). */
    async withOccurrences(
      userId: string,
      query: DateRangeQuery,
    ): Promise<QuestsWithOccurrencesResponse> {
      const { range, regularQuests, seriesList } = await context(userId, query);
      const occurrences = await deps.materialiser.ensure(userId, seriesList, range);
      return {
        quests: regularQuests,
        occurrences: occurrences.filter((o) => !o.hiddenFromDashboard).map(toOccurrence),
      };
    },

    /** regularQuests, recurringSeries (with today's and yesterday's occurrence) and open life tasks. */
    async grouped(userId: string, query: DateRangeQuery): Promise<GroupedQuestsResponse> {
      const { timeZone, range, regularQuests, seriesList } = await context(userId, query);
      // The range's occurrences exist once this answers (day planner, journey), then today's summaries.
      await deps.materialiser.ensure(userId, seriesList, range);
      const [recurringSeries, lifeTasks] = await Promise.all([
        deps.seriesService.withSummaries(userId, seriesList, timeZone),
        deps.lifeTasks.list(userId, false),
      ]);
      return { regularQuests, recurringSeries, lifeTasks: lifeTasks.map(toLifeTask) };
    },
  };
}

export type GroupedService = ReturnType<typeof groupedService>;
