import { queryOptions } from '@tanstack/react-query';
import { API, groupedQuestsResponseSchema, type GroupedQuestsResponse } from '@levelup/contracts';
import { callOr401 } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** The grouped quests of a local day: regularQuests, recurringSeries, lifeTasks. */
export async function fetchGrouped(day: string): Promise<GroupedQuestsResponse> {
  const body = await callOr401(API.groupedQuests, 'returnEmpty', {
    query: { startDate: day, endDate: day },
  });
  if (Array.isArray(body)) return { regularQuests: [], recurringSeries: [], lifeTasks: [] };
  return groupedQuestsResponseSchema.parse(body);
}

export const groupedQueryOptions = (day: string) =>
  queryOptions({ queryKey: [...QUERY_KEYS.grouped, day], queryFn: () => fetchGrouped(day) });
