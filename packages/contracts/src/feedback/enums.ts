import { z } from 'zod';

/** Feedback categories and statuses. */
export const feedbackCategorySchema = z.enum(['bug', 'feature', 'ux', 'performance', 'other']);
export type FeedbackCategory = z.infer<typeof feedbackCategorySchema>;

/** How the feedback form and the admin page name each category. */
export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  bug: 'Bug',
  feature: 'Feature idea',
  ux: 'Design / UX',
  performance: 'Performance',
  other: 'Other',
};
