import { queryOptions } from '@tanstack/react-query';
import { API, type JourneyResponse } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

/** Each linked series of a goal with its occurrences by date. */
export async function fetchJourney(goalId: string): Promise<JourneyResponse> {
  return await call(API.goalJourney, { params: { id: goalId } });
}

export const journeyQueryOptions = (goalId: string) =>
  queryOptions({
    queryKey: queryKeyOf(API.goalJourney, { params: { id: goalId } }),
    queryFn: () => fetchJourney(goalId),
  });
