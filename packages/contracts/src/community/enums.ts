import { z } from 'zod';

/** Post type; labels Win, Support Needed (struggle), Support. */
export const postTypeSchema = z.enum(['win', 'struggle', 'support']);
export type PostType = z.infer<typeof postTypeSchema>;

export const sessionCategorySchema = z.enum(['focus', 'organizing', 'creative', 'study']);
export type SessionCategory = z.infer<typeof sessionCategorySchema>;
