import { z } from 'zod';
import { levelProgress } from '../progression/level.ts';

/** GET /api/dashboard/overview. */
export const dashboardOverviewSchema = z.object({
  totalXpEarned: z.number().int().min(0),
  totalQuestsCompleted: z.number().int().min(0),
  totalQuestsCreated: z.number().int().min(0),
  questsCompletedThisWeek: z.number().int().min(0),
  currentStreak: z.number().int().min(0),
  longestStreak: z.number().int().min(0),
  activeGoalsCount: z.number().int().min(0),
  completedGoalsCount: z.number().int().min(0),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

export interface NewUserInput {
  overview: Pick<DashboardOverview, 'totalXpEarned' | 'totalQuestsCompleted'> | null | undefined;
  questCount: number;
  seriesCount: number;
  goalCount: number;
  todoCount: number;
  lifeTaskCount: number;
}

/**
 * New user: zero total XP and zero completed quests in the overview, and no quests,
 * recurring series, goals, todos or life tasks. A missing overview counts as zero.
 */
export function isNewUser(input: NewUserInput): boolean {
  const xp = input.overview?.totalXpEarned ?? 0;
  const done = input.overview?.totalQuestsCompleted ?? 0;
  return (
    xp === 0 &&
    done === 0 &&
    input.questCount === 0 &&
    input.seriesCount === 0 &&
    input.goalCount === 0 &&
    input.todoCount === 0 &&
    input.lifeTaskCount === 0
  );
}

/**
 * The dashboard's heading: the new-user greeting, or the level the total XP reaches.
 * The dashboard and the server-rendered first screen (gateway first-screen.ts) both write it from here.
 */
export function dashboardHeading(newUser: boolean, totalXp: number): string {
  return newUser
    ? 'Welcome, New Adventurer!'
    : `Welcome back, Level ${levelProgress(totalXp).level} Adventurer!`;
}
