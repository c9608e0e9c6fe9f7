import { API } from '@levelup/contracts';
import { queryOf } from '@levelup/web-kit';

/** { id, title } of each series (the link dialog's choices). */
export const seriesChoicesQueryOptions = queryOf(API.listSeriesChoices);
