import { dayStreaks, localDate, startOfWeek, type DashboardOverview } from '@levelup/contracts';
import type { GoalStates } from '../goals/goal-states.ts';
import type { CoFocusBonuses } from './co-focus-bonuses.ts';
import type { LifeTasksRepository } from '../life-tasks/repository.ts';
import type { OccurrencesRepository } from '../occurrences/repository.ts';
import type { QuestsRepository } from '../quests/repository.ts';
import type { SeriesDoc } from '../series/models.ts';
import type { SeriesRepository } from '../series/repository.ts';
import { scheduledThrough } from '../series/series-dto.ts';
import type { UserZones } from '../users/user-zones.ts';

/**
 * GET /api/dashboard/overview from this service's own data, dates in the user's zone.
 * totalXpEarned is what every XP event this service published adds up to (quests and occurrences as
 * they stand, plus each life task completion) and the co-focus bonuses still held: what svc-identity
 * applied to the profile.
 */
export function overviewService(deps: {
  quests: QuestsRepository;
  occurrences: OccurrencesRepository;
  series: SeriesRepository;
  lifeTasks: LifeTasksRepository;
  goals: GoalStates;
  coFocusBonuses: CoFocusBonuses;
  zones: UserZones;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  return {
    async forUser(userId: string): Promise<DashboardOverview> {
      const timeZone = await deps.zones.timeZoneOf(userId);
      const today = localDate(clock(), timeZone);
      const [quests, occurrences, maintenanceXp, created, seriesList, restDays, goals, bonusXp] =
        await Promise.all([
          deps.quests.completedForUser(userId),
          deps.occurrences.doneForUser(userId),
          deps.lifeTasks.totalXpEarned(userId),
          deps.quests.countForUser(userId),
          deps.series.listAllForUser(userId),
          deps.occurrences.skippedDays(userId),
          deps.goals.counts(userId),
          deps.coFocusBonuses.totalHeld(userId),
        ]);
      const done = [...quests, ...occurrences];
      // Weeks start on Sunday, in the user's zone.
      const weekStart = startOfWeek(today);
      const dates = done
        .map((item) => item.completedLocalDate)
        .filter((day): day is string => day !== null);
      const streaks = dayStreaks(dates, today, restDays);
      return {
        totalXpEarned:
          done.reduce((sum, item) => sum + item.awardedXp, 0) + maintenanceXp + bonusXp,
        totalQuestsCompleted: done.length,
        totalQuestsCreated: created + scheduledUpTo(seriesList, occurrences, today, timeZone),
        questsCompletedThisWeek: dates.filter((day) => day >= weekStart && day <= today).length,
        currentStreak: streaks.current,
        longestStreak: streaks.longest,
        activeGoalsCount: goals.active,
        completedGoalsCount: goals.completed,
      };
    },
  };
}

export type OverviewService = ReturnType<typeof overviewService>;

/**
 * Occurrences every series has scheduled from its start up to today (a deleted one up to the day it was
 * deleted), read from the schedules themselves, so the figure does not depend on which days happened to
 * be materialised by a read. An imported series counts its schedule from the day it was imported; the
 * days before count only where the import brought a completion, so years of history do not swamp it.
 */
function scheduledUpTo(
  seriesList: SeriesDoc[],
  done: Array<{ seriesId: string; scheduledFor: string }>,
  today: string,
  timeZone: string,
): number {
  const doneDays = new Map<string, string[]>();
  for (const o of done)
    doneDays.set(o.seriesId, [...(doneDays.get(o.seriesId) ?? []), o.scheduledFor]);
  let count = 0;
  for (const series of seriesList) {
    const last = series.deletedAt ? localDate(new Date(series.deletedAt), timeZone) : today;
    if (!series.importBatchId) {
      count += scheduledThrough(series, last);
      continue;
    }
    const importedOn = localDate(new Date(series.createdAt), timeZone);
    const from = series.startLocalDate > importedOn ? series.startLocalDate : importedOn;
    count += scheduledThrough({ ...series, startLocalDate: from }, last);
    count += (doneDays.get(String(series._id)) ?? []).filter((day) => day < from).length;
  }
  return count;
}
