import { queryOptions } from '@tanstack/react-query';
import { goalSeriesLinkListResponseSchema, type GoalSeriesLink } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

/** GET /api/goals/{id}/series: the goal's series links (an id per item, linkedAt). */
export async function fetchGoalSeries(goalId: string): Promise<GoalSeriesLink[]> {
  return goalSeriesLinkListResponseSchema.parse(
    await apiGet<unknown>(`/api/goals/${encodeURIComponent(goalId)}/series`),
  );
}

export const goalSeriesQueryOptions = (goalId: string) =>
  queryOptions({
    queryKey: ['/api/goals', goalId, 'series'],
    queryFn: () => fetchGoalSeries(goalId),
  });
