import { z } from 'zod';

/** An instant on the wire: ISO 8601 with `Z` or an offset (what `Date#toISOString` writes). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
export type IsoDateTime = z.infer<typeof isoDateTimeSchema>;

/** A calendar date in some user's zone, `YYYY-MM-DD`. Never turn it into a Date with `new Date(s)`. */
export const localDateSchema = z.iso.date();
export type LocalDate = z.infer<typeof localDateSchema>;

/** A month, `yyyy-MM` (GET /api/dashboard/calendar). */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be yyyy-MM');
export type Month = z.infer<typeof monthSchema>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date field on a creation shape: "may be a string or a date and are converted
 * to a date, or null when empty". A bare `YYYY-MM-DD` is refused: it has no zone, and `new Date()`
 * would read it as UTC midnight, the previous evening west of Greenwich. Clients send the instant
 * (the wizard's end of day, 23:59:59.999 local, as an ISO string).
 */
export const dateInputSchema = z
  .union([z.string(), z.date(), z.null()], { error: 'Please enter a valid date' })
  .optional()
  .transform((value, ctx): Date | null => {
    if (value === undefined || value === null) return null;
    if (value instanceof Date) {
      if (Number.isNaN(value.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'Please enter a valid date' });
        return z.NEVER;
      }
      return value;
    }
    const text = value.trim();
    if (text === '') return null;
    const parsed = isoDateTimeSchema.safeParse(text);
    if (DATE_ONLY.test(text) || !parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'Please enter a valid date' });
      return z.NEVER;
    }
    return new Date(text);
  });
