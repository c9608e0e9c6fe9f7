import { queryOptions } from '@tanstack/react-query';
import { API, type Goal } from '@levelup/contracts';
import { callOr401, queryKeyOf } from '@levelup/web-kit';

/** A goal as the dashboard's Goals tab reads it: the contract's goal. */
export type DashboardGoal = Goal;

/** The user's goals, parsed by the contract; 401 gives an empty list like the other signed-out reads. */
export async function fetchGoals(): Promise<DashboardGoal[]> {
  return await callOr401(API.listGoals, 'returnEmpty');
}

export const goalsQueryOptions = queryOptions({
  queryKey: queryKeyOf(API.listGoals),
  queryFn: fetchGoals,
});

/** Up to 5 active goals on the dashboard's Goals tab. */
export function activeGoals(goals: readonly DashboardGoal[]): DashboardGoal[] {
  return goals.filter((goal) => goal.status === 'active').slice(0, 5);
}
