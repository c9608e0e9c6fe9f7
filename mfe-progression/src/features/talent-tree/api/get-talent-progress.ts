import { queryOptions } from '@tanstack/react-query';
import { API, talentProgressListResponseSchema, type TalentProgress } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

/** Per node, the path's completions and whether it is unlocked. */
export async function fetchTalentProgress(): Promise<TalentProgress[]> {
  return talentProgressListResponseSchema.parse(await call(API.talentProgress));
}

export const talentProgressQueryOptions = queryOptions({
  queryKey: queryKeyOf(API.talentProgress),
  queryFn: fetchTalentProgress,
});
