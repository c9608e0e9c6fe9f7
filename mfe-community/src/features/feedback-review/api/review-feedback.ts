import {
  feedbackSchema,
  reviewFeedbackRequestSchema,
  type Feedback,
  type ReviewFeedbackRequest,
} from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** PATCH /api/feedback/{id}: marks or unmarks reviewed, with optional admin notes. */
export async function reviewFeedback({
  id,
  ...change
}: ReviewFeedbackRequest & { id: string }): Promise<Feedback> {
  return feedbackSchema.parse(
    await apiRequest(
      'PATCH',
      `/api/feedback/${encodeURIComponent(id)}`,
      reviewFeedbackRequestSchema.parse(change),
    ),
  );
}
