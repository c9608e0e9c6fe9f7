import { queryOptions } from '@tanstack/react-query';
import { feedbackListResponseSchema, type FeedbackListResponse } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

export const feedbackQueryKey = ['/api/feedback'] as const;

/** GET /api/feedback: newest first; admins only (a member gets 403). */
export const feedbackQueryOptions = queryOptions({
  queryKey: feedbackQueryKey,
  queryFn: async (): Promise<FeedbackListResponse> =>
    feedbackListResponseSchema.parse(await apiGet<unknown>('/api/feedback')),
});
