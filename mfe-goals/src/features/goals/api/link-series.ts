import {
  goalSeriesLinkSchema,
  linkSeriesRequestSchema,
  type GoalSeriesLink,
  type LinkSeriesRequest,
} from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** POST /api/goals/{id}/series: seriesId and xpPerOccurrence (at least 1); the same series twice is 409. */
export async function linkSeries({
  goalId,
  ...body
}: { goalId: string } & LinkSeriesRequest): Promise<GoalSeriesLink> {
  return goalSeriesLinkSchema.parse(
    await apiRequest(
      'POST',
      `/api/goals/${encodeURIComponent(goalId)}/series`,
      linkSeriesRequestSchema.parse(body),
    ),
  );
}
