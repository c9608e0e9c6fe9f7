import { API } from '@levelup/contracts';
import { queryOf } from '@levelup/web-kit';

/** The goal's series links (an id per item, linkedAt). */
export const goalSeriesQueryOptions = (goalId: string) =>
  queryOf(API.listGoalSeries, { params: { id: goalId } });
