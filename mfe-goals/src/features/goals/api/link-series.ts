import {
  API,
  linkSeriesRequestSchema,
  type GoalSeriesLink,
  type LinkSeriesRequest,
} from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Links a series to a goal: seriesId and xpPerOccurrence (at least 1); the same series twice is 409. */
export async function linkSeries({
  goalId,
  ...body
}: { goalId: string } & LinkSeriesRequest): Promise<GoalSeriesLink> {
  return await call(API.linkGoalSeries, {
    params: { id: goalId },
    body: linkSeriesRequestSchema.parse(body),
  });
}
