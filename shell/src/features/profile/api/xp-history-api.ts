import { queryOptions } from '@tanstack/react-query';
import { xpHistoryResponseSchema, type XpHistoryResponse } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

export const XP_HISTORY_PAGE = 20;

/** GET /api/user/xp-history: 'why this XP', newest first (beyond the spec, issue 12). */
export async function fetchXpHistory(limit: number): Promise<XpHistoryResponse> {
  return xpHistoryResponseSchema.parse(
    await apiGet<unknown>(`/api/user/xp-history?limit=${limit}`),
  );
}

export const xpHistoryQueryOptions = (limit: number = XP_HISTORY_PAGE) =>
  queryOptions({
    queryKey: ['/api/user/xp-history', limit],
    queryFn: () => fetchXpHistory(limit),
  });
