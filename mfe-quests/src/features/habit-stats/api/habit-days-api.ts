import { queryOptions } from '@tanstack/react-query';
import { API, BACKFILL_DAYS, addDays, type Occurrence } from '@levelup/contracts';
import { call } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/**
 * Every routine's days of the back-fill window, today and the BACKFILL_DAYS days before it: one read of
 * the occurrences of that range (the server creates the ones never read, only on scheduled days).
 */
export async function fetchBackfillWindow(today: string): Promise<Occurrence[]> {
  return await call(API.listOccurrences, {
    query: { startDate: addDays(today, -BACKFILL_DAYS), endDate: today },
  });
}

/** One habit's days that can still be filled in, newest first (the days its series was scheduled). */
export const habitDaysQueryOptions = (seriesId: string, today: string) =>
  queryOptions({
    // Keyed by the first and last day it asks for, as every read of the occurrences is.
    queryKey: [...QUERY_KEYS.occurrences, addDays(today, -BACKFILL_DAYS), today],
    queryFn: () => fetchBackfillWindow(today),
    select: (occurrences) =>
      occurrences
        .filter((o) => o.seriesId === seriesId)
        .sort((a, b) => (a.scheduledFor < b.scheduledFor ? 1 : -1)),
  });
