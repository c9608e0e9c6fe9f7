import {
  API,
  reviewFeedbackRequestSchema,
  type Feedback,
  type ReviewFeedbackRequest,
} from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Marks or unmarks reviewed, with optional admin notes. */
export async function reviewFeedback({
  id,
  ...change
}: ReviewFeedbackRequest & { id: string }): Promise<Feedback> {
  return await call(API.reviewFeedback, {
    params: { id },
    body: reviewFeedbackRequestSchema.parse(change),
  });
}
