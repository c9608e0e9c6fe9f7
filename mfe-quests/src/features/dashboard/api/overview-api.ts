import { API } from '@levelup/contracts';
import { queryOf } from '@levelup/web-kit';

/** The dashboard overview. */
export const overviewQueryOptions = queryOf(API.dashboardOverview);
