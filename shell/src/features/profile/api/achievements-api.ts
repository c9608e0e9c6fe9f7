import { queryOptions } from '@tanstack/react-query';
import { achievementsResponseSchema, type Achievement } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

/** GET /api/user/achievements: the four tiles, earned from the user's history (issue 12). */
export async function fetchAchievements(): Promise<Achievement[]> {
  return achievementsResponseSchema.parse(await apiGet<unknown>('/api/user/achievements'))
    .achievements;
}

export const achievementsQueryOptions = queryOptions({
  queryKey: ['/api/user/achievements'],
  queryFn: fetchAchievements,
});
