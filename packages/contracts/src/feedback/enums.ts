import { z } from 'zod';

/** goals-progression-community.md section 3 and 9. */
export const feedbackCategorySchema = z.enum(['bug', 'feature', 'ux', 'performance', 'other']);
export type FeedbackCategory = z.infer<typeof feedbackCategorySchema>;
