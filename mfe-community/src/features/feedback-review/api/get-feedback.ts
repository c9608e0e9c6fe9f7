import { queryOptions } from '@tanstack/react-query';
import { API, type FeedbackListResponse } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

export const feedbackQueryKey = queryKeyOf(API.listFeedback);

/** The feedback, newest first; admins only (a member gets 403). */
export const feedbackQueryOptions = queryOptions({
  queryKey: feedbackQueryKey,
  queryFn: async (): Promise<FeedbackListResponse> => await call(API.listFeedback),
});
