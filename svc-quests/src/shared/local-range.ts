import { resolveLocalRange, type DateRangeQuery, type LocalRange } from '@levelup/contracts';
import { AppError } from '@levelup/service-kit';

/** The query's local days in the user's zone (contracts' resolveLocalRange), or a 400 naming endDate. */
export function localRangeOrThrow(query: DateRangeQuery, now: Date, timeZone: string): LocalRange {
  const resolved = resolveLocalRange(query, now, timeZone);
  if (resolved.ok) return resolved.range;
  throw new AppError('VALIDATION_FAILED', resolved.message, 400, {
    details: [{ path: resolved.field, message: resolved.message }],
  });
}
