import { API } from '@levelup/contracts';
import { queryOf } from '@levelup/web-kit';

/**
 * The user's series with their recurrence rules. The journey lists only the occurrences svc-quests has
 * scheduled so far, so the forecast reads the rule from here.
 */
export const seriesSchedulesQueryOptions = queryOf(API.listSeries);
