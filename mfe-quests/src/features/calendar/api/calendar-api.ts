import { queryOptions } from '@tanstack/react-query';
import { calendarResponseSchema, type CalendarResponse } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** GET /api/dashboard/calendar?month=yyyy-MM: the day map keyed by local date (core.md section 3). */
export async function fetchCalendar(month: string): Promise<CalendarResponse> {
  return calendarResponseSchema.parse(
    await apiGet<unknown>(`/api/dashboard/calendar?${new URLSearchParams({ month })}`),
  );
}

export const calendarQueryOptions = (month: string) =>
  queryOptions({ queryKey: [...QUERY_KEYS.calendar, month], queryFn: () => fetchCalendar(month) });
