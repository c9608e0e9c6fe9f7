import { queryOptions } from '@tanstack/react-query';
import { API, type Goal } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

export const GOALS_QUERY_KEY = queryKeyOf(API.listGoals);

/** The signed-in user's goals, oldest first. */
export async function fetchGoals(): Promise<Goal[]> {
  return await call(API.listGoals);
}

export const goalsQueryOptions = queryOptions({ queryKey: GOALS_QUERY_KEY, queryFn: fetchGoals });
