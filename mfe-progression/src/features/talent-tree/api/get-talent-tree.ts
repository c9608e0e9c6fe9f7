import { queryOptions } from '@tanstack/react-query';
import { API, type TalentNode } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

/** The seeded nodes with positions, prerequisites, effects and messages. */
export async function fetchTalentTree(): Promise<TalentNode[]> {
  return await call(API.talentTree);
}

export const talentTreeQueryOptions = queryOptions({
  queryKey: queryKeyOf(API.talentTree),
  queryFn: fetchTalentTree,
  staleTime: Infinity,
});
