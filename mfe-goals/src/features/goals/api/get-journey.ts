import { API } from '@levelup/contracts';
import { queryOf } from '@levelup/web-kit';

/** Each linked series of a goal with its occurrences by date. */
export const journeyQueryOptions = (goalId: string) =>
  queryOf(API.goalJourney, { params: { id: goalId } });
