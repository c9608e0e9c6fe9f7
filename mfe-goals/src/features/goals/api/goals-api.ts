import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@levelup/web-kit';

/** A goal as the planner reads it (goals-progression-community.md section 3); svc-goals owns the full shape. */
export interface GoalSummary {
  id: string;
  title: string;
  description?: string | null;
  currentXp: number;
  targetXp: number;
  status: string;
}

/** GET /api/goals: the signed-in user's goals. */
export async function fetchGoals(): Promise<GoalSummary[]> {
  const goals = await apiGet<unknown>('/api/goals');
  return Array.isArray(goals) ? (goals as GoalSummary[]) : [];
}

export const goalsQueryOptions = queryOptions({ queryKey: ['/api/goals'], queryFn: fetchGoals });

/** Summary numbers of the planner (section 2, Summary cards): Avg Progress is total current / total target. */
export function goalSummary(goals: readonly GoalSummary[]) {
  const totalCurrent = goals.reduce((sum, g) => sum + g.currentXp, 0);
  const totalTarget = goals.reduce((sum, g) => sum + g.targetXp, 0);
  return {
    active: goals.filter((g) => g.status === 'active').length,
    completed: goals.filter((g) => g.status === 'completed').length,
    totalXp: totalCurrent,
    avgProgress: totalTarget > 0 ? Math.round((totalCurrent / totalTarget) * 100) : 0,
  };
}
