import { queryOptions } from '@tanstack/react-query';
import { API, type GoalSeriesLink } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

/** The goal's series links (an id per item, linkedAt). */
export async function fetchGoalSeries(goalId: string): Promise<GoalSeriesLink[]> {
  return await call(API.listGoalSeries, { params: { id: goalId } });
}

export const goalSeriesQueryOptions = (goalId: string) =>
  queryOptions({
    queryKey: queryKeyOf(API.listGoalSeries, { params: { id: goalId } }),
    queryFn: () => fetchGoalSeries(goalId),
  });
