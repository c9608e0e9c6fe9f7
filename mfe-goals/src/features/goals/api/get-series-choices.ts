import { queryOptions } from '@tanstack/react-query';
import { seriesChoiceListResponseSchema, type SeriesChoice } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

/** GET /api/quests/recurring-series: { id, title } of each series (the link dialog's choices). */
export async function fetchSeriesChoices(): Promise<SeriesChoice[]> {
  return seriesChoiceListResponseSchema.parse(
    await apiGet<unknown>('/api/quests/recurring-series'),
  );
}

export const seriesChoicesQueryOptions = queryOptions({
  queryKey: ['/api/quests/recurring-series'],
  queryFn: fetchSeriesChoices,
});
