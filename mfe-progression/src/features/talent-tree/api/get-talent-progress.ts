import { queryOptions } from '@tanstack/react-query';
import { talentProgressListResponseSchema, type TalentProgress } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

/** GET /api/talent-tree/user/progress: per node, the path's completions and whether it is unlocked. */
export async function fetchTalentProgress(): Promise<TalentProgress[]> {
  return talentProgressListResponseSchema.parse(
    await apiGet<unknown>('/api/talent-tree/user/progress'),
  );
}

export const talentProgressQueryOptions = queryOptions({
  queryKey: ['/api/talent-tree/user/progress'],
  queryFn: fetchTalentProgress,
});
