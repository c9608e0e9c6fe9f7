import { API, type CreateFeedbackRequest, type Feedback } from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Sends feedback: category, message, url, userAgent. */
export async function sendFeedback(body: CreateFeedbackRequest): Promise<Feedback> {
  return await call(API.createFeedback, { body });
}
