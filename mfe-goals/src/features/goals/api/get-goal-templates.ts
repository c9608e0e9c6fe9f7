import { queryOptions } from '@tanstack/react-query';
import { goalTemplateListResponseSchema, type GoalTemplate } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

/** GET /api/goal-templates: every seeded template (the dialog groups them by theme). */
export async function fetchGoalTemplates(): Promise<GoalTemplate[]> {
  return goalTemplateListResponseSchema.parse(await apiGet<unknown>('/api/goal-templates'));
}

export const goalTemplatesQueryOptions = queryOptions({
  queryKey: ['/api/goal-templates'],
  queryFn: fetchGoalTemplates,
  staleTime: Infinity,
});
