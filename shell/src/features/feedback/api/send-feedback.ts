import { feedbackSchema, type CreateFeedbackRequest, type Feedback } from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** POST /api/feedback (goals-progression-community.md section 7): category, message, url, userAgent. */
export async function sendFeedback(body: CreateFeedbackRequest): Promise<Feedback> {
  return feedbackSchema.parse(await apiRequest('POST', '/api/feedback', body));
}
