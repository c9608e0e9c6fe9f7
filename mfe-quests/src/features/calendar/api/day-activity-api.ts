import { queryOptions } from '@tanstack/react-query';
import { API, type DayActivityResponse } from '@levelup/contracts';
import { call } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** One local day's routines and one-time quests, and whether the day can still be filled in. */
export async function fetchDayActivity(date: string): Promise<DayActivityResponse> {
  return await call(API.dayActivity, { params: { date } });
}

export const dayActivityQueryOptions = (date: string) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.dayActivity, date],
    queryFn: () => fetchDayActivity(date),
  });
