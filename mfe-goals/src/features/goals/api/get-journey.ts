import { queryOptions } from '@tanstack/react-query';
import { journeyResponseSchema, type JourneyResponse } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

/** GET /api/goals/{id}/journey: each linked series with its occurrences by date. */
export async function fetchJourney(goalId: string): Promise<JourneyResponse> {
  return journeyResponseSchema.parse(
    await apiGet<unknown>(`/api/goals/${encodeURIComponent(goalId)}/journey`),
  );
}

export const journeyQueryOptions = (goalId: string) =>
  queryOptions({
    queryKey: ['/api/goals', goalId, 'journey'],
    queryFn: () => fetchJourney(goalId),
  });
