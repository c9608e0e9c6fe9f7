import { buildCalendar, monthDays, type CalendarResponse } from '@levelup/contracts';
import type { GoalStates } from '../goals/goal-states.ts';
import type { CoFocusBonuses } from './co-focus-bonuses.ts';
import type { LifeTasksRepository } from '../life-tasks/repository.ts';
import type { OccurrencesRepository } from '../occurrences/repository.ts';
import type { QuestsRepository } from '../quests/repository.ts';

/**
 * GET /api/dashboard/calendar?month=yyyy-MM, keyed by the user's local dates: every completion stores
 * the local day it happened on in the user's zone at the time.
 */
export function calendarService(deps: {
  quests: QuestsRepository;
  occurrences: OccurrencesRepository;
  lifeTasks: LifeTasksRepository;
  goals: GoalStates;
  coFocusBonuses: CoFocusBonuses;
}) {
  return {
    async forMonth(userId: string, month: string): Promise<CalendarResponse> {
      const { from, to } = monthDays(month);
      const [quests, occurrences, lifeTasks, goals, coFocusBonuses] = await Promise.all([
        deps.quests.completedBetween(userId, from, to),
        deps.occurrences.doneBetween(userId, from, to),
        deps.lifeTasks.completionsBetween(userId, from, to),
        deps.goals.completedBetween(userId, from, to),
        deps.coFocusBonuses.heldBetween(userId, from, to),
      ]);
      return buildCalendar({
        quests: [...quests, ...occurrences].map((item) => ({
          localDate: item.completedLocalDate as string,
          xp: item.awardedXp,
        })),
        lifeTasks: lifeTasks.map((row) => ({ localDate: row.localDate, xp: row.xpEarned })),
        goals: goals.map((goal) => ({
          localDate: goal.completedLocalDate as string,
          id: goal._id,
          title: goal.title,
        })),
        coFocusBonuses,
      });
    },
  };
}

export type CalendarService = ReturnType<typeof calendarService>;
