import { queryOptions } from '@tanstack/react-query';
import { groupedQuestsResponseSchema, type GroupedQuestsResponse } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** GET /api/quests/grouped for a local day: regularQuests, recurringSeries, lifeTasks (core.md section 3). */
export async function fetchGrouped(day: string): Promise<GroupedQuestsResponse> {
  const query = new URLSearchParams({ startDate: day, endDate: day });
  const body = await apiGet<unknown>(`/api/quests/grouped?${query}`, 'returnEmpty');
  if (Array.isArray(body)) return { regularQuests: [], recurringSeries: [], lifeTasks: [] };
  return groupedQuestsResponseSchema.parse(body);
}

export const groupedQueryOptions = (day: string) =>
  queryOptions({ queryKey: [...QUERY_KEYS.grouped, day], queryFn: () => fetchGrouped(day) });
