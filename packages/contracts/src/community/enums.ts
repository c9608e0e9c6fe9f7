import { z } from 'zod';

/** core.md section 3, Post; labels Win, Support Needed (struggle), Support (core.md section 2). */
export const postTypeSchema = z.enum(['win', 'struggle', 'support']);
export type PostType = z.infer<typeof postTypeSchema>;

export const sessionCategorySchema = z.enum(['focus', 'organizing', 'creative', 'study']);
export type SessionCategory = z.infer<typeof sessionCategorySchema>;
