import { z } from 'zod';
import { isoDateTimeSchema } from '../common/dates.ts';
import { feedbackCategorySchema } from './enums.ts';

// Beta feedback: what a member sends and what the admin page reads and reviews.

export const FEEDBACK_MISSING_TITLE = 'Missing information';
export const FEEDBACK_MISSING_MESSAGE = 'Please select a category and enter your feedback';

/** POST /api/feedback: a category and a non-blank message are both required. */
export const createFeedbackRequestSchema = z.object({
  category: z.enum(feedbackCategorySchema.options, { error: FEEDBACK_MISSING_MESSAGE }),
  message: z
    .string({ error: FEEDBACK_MISSING_MESSAGE })
    .trim()
    .min(1, FEEDBACK_MISSING_MESSAGE)
    .max(5000),
  url: z.string().max(2000).nullable().optional(),
  userAgent: z.string().max(1000).nullable().optional(),
});
export type CreateFeedbackRequest = z.infer<typeof createFeedbackRequestSchema>;

/** PATCH /api/feedback/{id}: marks or unmarks reviewed, with optional admin notes. */
export const reviewFeedbackRequestSchema = z.object({
  isReviewed: z.boolean(),
  adminNotes: z.string().max(5000).nullable().optional(),
});
export type ReviewFeedbackRequest = z.infer<typeof reviewFeedbackRequestSchema>;

export const feedbackSchema = z.object({
  id: z.string(),
  category: feedbackCategorySchema,
  message: z.string(),
  url: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  isReviewed: z.boolean(),
  adminNotes: z.string().nullable(),
  /** Anonymous when null. */
  user: z
    .object({
      displayName: z.string().nullable(),
      username: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
export const feedbackListResponseSchema = z.array(feedbackSchema);
export type FeedbackListResponse = z.infer<typeof feedbackListResponseSchema>;

/** GET /api/feedback/counts: the admin page's counts over all feedback, not one page. */
export const feedbackCountsSchema = z.object({
  new: z.number().int().nonnegative(),
  reviewed: z.number().int().nonnegative(),
});
export type FeedbackCounts = z.infer<typeof feedbackCountsSchema>;

/** The admin page splits new and reviewed items. */
export function splitFeedback<T extends { isReviewed: boolean }>(
  items: readonly T[],
): { fresh: T[]; reviewed: T[] } {
  return { fresh: items.filter((i) => !i.isReviewed), reviewed: items.filter((i) => i.isReviewed) };
}
