import { queryOptions } from '@tanstack/react-query';
import { API, type CalendarResponse } from '@levelup/contracts';
import { call } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** The calendar of a month (yyyy-MM): the day map keyed by local date. */
export async function fetchCalendar(month: string): Promise<CalendarResponse> {
  return await call(API.dashboardCalendar, { query: { month } });
}

export const calendarQueryOptions = (month: string) =>
  queryOptions({ queryKey: [...QUERY_KEYS.calendar, month], queryFn: () => fetchCalendar(month) });
