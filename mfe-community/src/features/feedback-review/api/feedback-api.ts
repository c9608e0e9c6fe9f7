import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@levelup/web-kit';

/** Feedback as the admin page reads it (goals-progression-community.md section 3, Feedback). */
export interface FeedbackSummary {
  id: string;
  category: string;
  message: string;
  url?: string | null;
  createdAt: string;
  isReviewed: boolean;
  adminNotes?: string | null;
  user?: { displayName?: string | null; username?: string | null } | null;
}

/** GET /api/feedback. */
export async function fetchFeedback(): Promise<FeedbackSummary[]> {
  const items = await apiGet<unknown>('/api/feedback');
  return Array.isArray(items) ? (items as FeedbackSummary[]) : [];
}

export const feedbackQueryOptions = queryOptions({
  queryKey: ['/api/feedback'],
  queryFn: fetchFeedback,
});
