import { queryOptions } from '@tanstack/react-query';
import { feedbackCountsSchema, type FeedbackCounts } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';
import { feedbackQueryKey } from './get-feedback.ts';

/** GET /api/feedback/counts: new and reviewed over all feedback (under the list's key, refreshed with it). */
export const feedbackCountsQueryOptions = queryOptions({
  queryKey: [...feedbackQueryKey, 'counts'] as const,
  queryFn: async (): Promise<FeedbackCounts> =>
    feedbackCountsSchema.parse(await apiGet<unknown>('/api/feedback/counts')),
});
