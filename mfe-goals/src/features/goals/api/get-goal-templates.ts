import { queryOptions } from '@tanstack/react-query';
import { API } from '@levelup/contracts';
import { queryOf } from '@levelup/web-kit';

/** Every seeded template (the dialog groups them by theme). */
export const goalTemplatesQueryOptions = queryOptions({
  ...queryOf(API.listGoalTemplates),
  staleTime: Infinity,
});
