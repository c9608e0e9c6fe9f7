import { z } from 'zod';

/** `?limit=` on list reads; the feed's default is 10. */
export const limitQuerySchema = (defaultLimit: number, max = 100) =>
  z.coerce.number().int().min(1).max(max).default(defaultLimit);

/** `?startDate=&endDate=` ranges; either may be a local date or an instant. */
export const dateRangeQuerySchema = z.object({
  startDate: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
  endDate: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
});
export type DateRangeQuery = z.infer<typeof dateRangeQuerySchema>;

/** Booleans in a query string arrive as text: only 'true' is true. */
export const booleanQuerySchema = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');
