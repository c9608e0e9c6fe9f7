import { queryOptions } from '@tanstack/react-query';
import { API, type FeedbackCounts } from '@levelup/contracts';
import { call } from '@levelup/web-kit';
import { feedbackQueryKey } from './get-feedback.ts';

/** New and reviewed over all feedback (under the list's key, refreshed with it). */
export const feedbackCountsQueryOptions = queryOptions({
  queryKey: [...feedbackQueryKey, 'counts'] as const,
  queryFn: async (): Promise<FeedbackCounts> => await call(API.feedbackCounts),
});
