import { queryOptions } from '@tanstack/react-query';
import { talentTreeResponseSchema, type TalentNode } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

/** GET /api/talent-tree: the seeded nodes with positions, prerequisites, effects and messages. */
export async function fetchTalentTree(): Promise<TalentNode[]> {
  return talentTreeResponseSchema.parse(await apiGet<unknown>('/api/talent-tree'));
}

export const talentTreeQueryOptions = queryOptions({
  queryKey: ['/api/talent-tree'],
  queryFn: fetchTalentTree,
  staleTime: Infinity,
});
