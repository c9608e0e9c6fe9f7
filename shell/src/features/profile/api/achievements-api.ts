import { queryOptions } from '@tanstack/react-query';
import { API, type Achievement } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

/** The four achievement tiles, earned from the user's history. */
export async function fetchAchievements(): Promise<Achievement[]> {
  return (await call(API.achievements)).achievements;
}

export const achievementsQueryOptions = queryOptions({
  queryKey: queryKeyOf(API.achievements),
  queryFn: fetchAchievements,
});
