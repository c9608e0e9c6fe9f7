import { queryOptions } from '@tanstack/react-query';
import { API, type GoalTemplate } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

/** Every seeded template (the dialog groups them by theme). */
export async function fetchGoalTemplates(): Promise<GoalTemplate[]> {
  return await call(API.listGoalTemplates);
}

export const goalTemplatesQueryOptions = queryOptions({
  queryKey: queryKeyOf(API.listGoalTemplates),
  queryFn: fetchGoalTemplates,
  staleTime: Infinity,
});
