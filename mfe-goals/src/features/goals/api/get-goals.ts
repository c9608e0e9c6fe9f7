import { queryOptions } from '@tanstack/react-query';
import { goalListResponseSchema, type Goal } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

export const GOALS_QUERY_KEY = ['/api/goals'] as const;

/** GET /api/goals: the signed-in user's goals, oldest first. */
export async function fetchGoals(): Promise<Goal[]> {
  return goalListResponseSchema.parse(await apiGet<unknown>('/api/goals'));
}

export const goalsQueryOptions = queryOptions({ queryKey: GOALS_QUERY_KEY, queryFn: fetchGoals });
