import { queryOptions } from '@tanstack/react-query';
import { API, type TalentProgress } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

/** Per node, the path's completions and whether it is unlocked. */
export async function fetchTalentProgress(): Promise<TalentProgress[]> {
  return await call(API.talentProgress);
}

export const talentProgressQueryOptions = queryOptions({
  queryKey: queryKeyOf(API.talentProgress),
  queryFn: fetchTalentProgress,
});
