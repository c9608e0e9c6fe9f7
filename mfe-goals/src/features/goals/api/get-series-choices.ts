import { queryOptions } from '@tanstack/react-query';
import { API, type SeriesChoice } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

/** { id, title } of each series (the link dialog's choices). */
export async function fetchSeriesChoices(): Promise<SeriesChoice[]> {
  return await call(API.listSeriesChoices);
}

export const seriesChoicesQueryOptions = queryOptions({
  queryKey: queryKeyOf(API.listSeriesChoices),
  queryFn: fetchSeriesChoices,
});
