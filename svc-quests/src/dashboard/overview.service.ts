import { dayStreaks, localDate, startOfWeek, type DashboardOverview } from '@levelup/contracts';
import type { QuestsRepository } from '../quests/repository.ts';
import type { UserZones } from '../users/user-zones.ts';

/** GET /api/dashboard/overview from this service's own data, dates in the user's zone (decision 7). */
export function overviewService(deps: {
  quests: QuestsRepository;
  zones: UserZones;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  return {
    async forUser(userId: string): Promise<DashboardOverview> {
      const [completed, created, timeZone] = await Promise.all([
        deps.quests.completedForUser(userId),
        deps.quests.countForUser(userId),
        deps.zones.timeZoneOf(userId),
      ]);
      const today = localDate(clock(), timeZone);
      // Weeks start on Sunday (goals-progression-community.md section 9), in the user's zone.
      const weekStart = startOfWeek(today);
      const dates = completed
        .map((quest) => quest.completedLocalDate)
        .filter((day): day is string => day !== null);
      return {
        totalXpEarned: completed.reduce((sum, quest) => sum + quest.awardedXp, 0),
        totalQuestsCompleted: completed.length,
        totalQuestsCreated: created,
        questsCompletedThisWeek: dates.filter((day) => day >= weekStart && day <= today).length,
        ...toStreakFields(dayStreaks(dates, today)),
        // Goals live in svc-goals; these become real once goal events feed a read model here.
        activeGoalsCount: 0,
        completedGoalsCount: 0,
      };
    },
  };
}

export type OverviewService = ReturnType<typeof overviewService>;

function toStreakFields(streaks: { current: number; longest: number }) {
  return { currentStreak: streaks.current, longestStreak: streaks.longest };
}
