import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@levelup/web-kit';

/** A goal as the dashboard reads it (core.md section 2, Goals tab); svc-goals owns the full shape. */
export interface DashboardGoal {
  id: string;
  title: string;
  difficulty?: string | null;
  currentXp: number;
  targetXp: number;
  status: string;
}

/** GET /api/goals; 401 gives an empty list like the other reads of a signed-out visitor. */
export async function fetchGoals(): Promise<DashboardGoal[]> {
  const goals = await apiGet<unknown>('/api/goals', 'returnEmpty');
  return Array.isArray(goals) ? (goals as DashboardGoal[]) : [];
}

export const goalsQueryOptions = queryOptions({ queryKey: ['/api/goals'], queryFn: fetchGoals });

/** Up to 5 active goals (core.md section 9, dashboard goals tab). */
export function activeGoals(goals: readonly DashboardGoal[]): DashboardGoal[] {
  return goals.filter((goal) => goal.status === 'active').slice(0, 5);
}
