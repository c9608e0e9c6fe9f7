import { queryOptions } from '@tanstack/react-query';
import { API, type XpHistoryResponse } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

export const XP_HISTORY_PAGE = 20;
export const XP_HISTORY_QUERY_KEY = queryKeyOf(API.xpHistory);

/** 'Why this XP': the XP history, newest first. Its key's first part is the same for every limit. */
export async function fetchXpHistory(limit: number): Promise<XpHistoryResponse> {
  return await call(API.xpHistory, { query: { limit } });
}

export const xpHistoryQueryOptions = (limit: number = XP_HISTORY_PAGE) =>
  queryOptions({
    queryKey: [...XP_HISTORY_QUERY_KEY, limit],
    queryFn: () => fetchXpHistory(limit),
  });
